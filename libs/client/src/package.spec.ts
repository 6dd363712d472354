// The package as an integrator gets it: built, packed by npm, installed from the tarball
// into an empty project with nothing else from this repository, then required,
// imported and type-checked there.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_VERSION } from './version';

const projectRoot = path.resolve(__dirname, '..');
const repoRoot = path.resolve(projectRoot, '../..');
const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

// The consumer signs with node:crypto itself, from the spec, not with anything of ours.
const CONSUMER_CJS = `
const { createHmac } = require('node:crypto');
const { verifyWebhook, EmbedClient, EmbedApiError } = require('@embed/node-client');
const body = '{"id":"dlv_1","type":"ping","data":{"message":"hi"}}';
const t = Math.floor(Date.now() / 1000);
const header = 't=' + t + ',v1=' + createHmac('sha256', 'whsec_pkg').update(t + '.' + body).digest('hex');
new EmbedClient({ secretKey: 'sk_test_x', baseUrl: 'http://127.0.0.1:1' });
console.log(JSON.stringify({
  good: verifyWebhook(body, header, 'whsec_pkg'),
  tampered: verifyWebhook(body + ' ', header, 'whsec_pkg'),
  otherSecret: verifyWebhook(body, header, 'whsec_other'),
  errorClass: typeof EmbedApiError,
}));
`;

const CONSUMER_ESM = `
import { EmbedClient, verifyWebhook, parseWebhook } from '@embed/node-client';
console.log([typeof EmbedClient, typeof verifyWebhook, typeof parseWebhook].join(','));
`;

const CONSUMER_TS = `
import { EmbedApiError, EmbedClient, isFileExport, parseWebhook, type HtmlExport, type FileExport } from '@embed/node-client';

export async function use(client: EmbedClient): Promise<string> {
  const html: HtmlExport = await client.exportDesign('01J00000000000000000000000', { user: { id: 'u1' } });
  const file: FileExport = await client.exportDesign('01J00000000000000000000000', { user: { id: 'u1' }, format: 'pdf' });
  // @ts-expect-error 'gif' is not a format of the spec
  await client.exportDesign('01J00000000000000000000000', { user: { id: 'u1' }, format: 'gif' });
  const event = parseWebhook('{}', 't=1,v1=00', 'whsec_x');
  const revision: number | undefined = event.type === 'design.saved' ? event.data.revision : undefined;
  for await (const design of client.listAllDesigns('u1')) console.log(design.id, design.mode);
  try {
    await client.getDesign('u1', 'x');
  } catch (error) {
    if (error instanceof EmbedApiError && error.code === 'design_not_found') return 'gone';
  }
  return html.html + file.url + String(isFileExport(file)) + String(revision);
}
`;

describe('the npm package', () => {
  let work: string;
  beforeAll(() => (work = mkdtempSync(path.join(tmpdir(), 'embed-node-client-'))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('has the version the client sends', () => {
    expect(CLIENT_VERSION).toBe(manifest.version);
  });

  it('packs with no dependency, installs alone, and verifies a webhook from CommonJS and ESM', () => {
    const built = path.join(work, 'package');
    run(process.execPath, [path.join(projectRoot, 'scripts/build-package.mjs'), built], repoRoot);
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], built));
    expect(packed.files.map((file: { path: string }) => file.path).sort()).toEqual(['README.md', 'index.d.ts', 'index.js', 'package.json']);
    expect(JSON.parse(readFileSync(path.join(built, 'package.json'), 'utf8')).dependencies).toBeUndefined();

    const consumer = path.join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(work, packed.filename)], consumer);
    writeFileSync(path.join(consumer, 'consumer.cjs'), CONSUMER_CJS);
    writeFileSync(path.join(consumer, 'consumer.mjs'), CONSUMER_ESM);

    expect(JSON.parse(run(process.execPath, ['consumer.cjs'], consumer))).toEqual({ good: true, tampered: false, otherSecret: false, errorClass: 'function' });
    expect(run(process.execPath, ['consumer.mjs'], consumer).trim()).toBe('function,function,function');

    // Its types stand alone too: a strict TypeScript consumer compiles against them.
    writeFileSync(path.join(consumer, 'consumer.ts'), CONSUMER_TS);
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
    const typeRoots = path.join(repoRoot, 'node_modules/@types');
    run(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'node16', '--types', 'node', '--typeRoots', typeRoots, 'consumer.ts'], consumer);
  }, 180_000);
});
