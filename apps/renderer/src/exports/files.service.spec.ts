import { Logger } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { RENDER_FILE_SUBJECT, type RenderFileReply, type RenderedFile } from '@embed/contracts';
import { answering } from '@embed/service-runtime';
import { FilesystemStorage } from '@embed/storage';
import { LayoutCache } from '../render/layout-cache';
import { RenderService } from '../render/render.service';
import { testRenderPool } from '../render/testing/test-render-pool';
import { BrowserPool } from '../browser/browser-pool';
import { ROOMY_PAGES } from '../browser/testing/page-limits';
import { FairScheduler } from '../workers/fair-scheduler';
import { FilesService } from './files.service';
import { ResourceLoader } from '../sandbox/resource-loader';
import { lockDownPage } from '../sandbox/sandboxed-page';

const example = (mode: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs', `${mode}.json`), 'utf8'));
const keyOf = (name: string) => `exports/prj_1/test/psn_1/${name}`;
const value = (reply: RenderFileReply): RenderedFile => {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value;
};

// A real Chromium (the system's), one browser for the whole file, two jobs at a time.
// Chromium on a busy two-core machine: launches can take seconds.
jest.setTimeout(60_000);

describe('FilesService with Chromium', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'files-'));
  const storage = new FilesystemStorage(root, 'secret');
  const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 50, spares: 2, preparePage: lockDownPage, pages: ROOMY_PAGES });
  const renderer = new RenderService(new LayoutCache(16 * 1024 * 1024), testRenderPool());
  const files = new FilesService(
    renderer,
    pool,
    new FairScheduler(2, { total: 10 }),
    new ResourceLoader(storage, 'http://gateway.test'),
    storage,
  );
  // As the renderer answers a message: its payload checked against the subject's schema first.
  const service = { makeFile: answering(RENDER_FILE_SUBJECT, (request) => files.makeFile(request)) as (payload: unknown) => Promise<RenderFileReply> };
  let local: Server;
  const hits: string[] = [];
  let localUrl = '';

  beforeAll(async () => {
    Logger.overrideLogger(false);
    local = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await pool.shutdown();
    await renderer.onModuleDestroy();
    local.close();
    rmSync(root, { recursive: true, force: true });
  });

  const stored = async (key: string) => buffer((await storage.get(key))!.body);
  const pdfInfo = (bytes: Buffer) => {
    const file = path.join(root, 'check.pdf');
    writeFileSync(file, bytes);
    return { info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }), text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) };
  };

  it('prints a document as a paginated PDF of its page size, with its text', async () => {
    const file = value(await service.makeFile({ mode: 'document', doc: example('document'), format: 'pdf', storageKey: keyOf('doc.pdf'), tenant: 'prj_1' }));
    const { info, text } = pdfInfo(await stored(file.storageKey));
    expect(info).toMatch(/Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text.length).toBeGreaterThan(100);
    expect(file.bytes).toBe((await stored(file.storageKey)).length);
  });

  it('pictures an email as a PNG 600 px wide, whole or first screen', async () => {
    const whole = value(await service.makeFile({ mode: 'email', doc: example('email'), format: 'png', storageKey: keyOf('mail.png'), tenant: 'prj_1' }));
    const first = value(await service.makeFile({ mode: 'email', doc: example('email'), format: 'png', fullPage: false, storageKey: keyOf('first.png'), tenant: 'prj_1' }));
    const size = async (key: string) => {
      const png = await stored(key);
      return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    };
    expect(await size(first.storageKey)).toEqual({ width: 600, height: 800 });
    const all = await size(whole.storageKey);
    expect(all.width).toBe(600);
    expect(all.height).toBeGreaterThan(800);
  });

  it('answers 409 for a popup PDF and 400 for a bad storage key, storing nothing', async () => {
    expect(await service.makeFile({ mode: 'popup', doc: example('popup'), format: 'pdf', storageKey: keyOf('p.pdf'), tenant: 'prj_1' })).toMatchObject({ ok: false, error: { status: 409, code: 'mode_unavailable' } });
    expect(await service.makeFile({ mode: 'email', doc: example('email'), format: 'pdf', storageKey: 'exports/../x.pdf', tenant: 'prj_1' })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await storage.get(keyOf('p.pdf'))).toBeNull();
  });

  it('never lets the page reach loopback, metadata, private addresses or files, and says so', async () => {
    const doc = example('email');
    const image = doc.body.rows[0].columns[0].blocks.find((block: { type: string }) => block.type === 'image') ?? doc.body.rows[0].columns[0].blocks[0];
    const targets = [`${localUrl}/loopback.png`, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/x.png', 'http://[::ffff:127.0.0.1]/x.png', 'http://localhost:9/x.png'];
    const blocks = targets.map((src) => ({ ...image, type: 'image', src, alt: 'x' }));
    doc.body.rows[0].columns[0].blocks = blocks;
    const file = value(await service.makeFile({ mode: 'email', doc, format: 'png', storageKey: keyOf('ssrf.png'), tenant: 'prj_1' }));
    expect(hits).toEqual([]);
    expect(file.warnings.join('\n')).toContain('127.0.0.1 is not a public address');
    expect(file.warnings.join('\n')).toContain('169.254.169.254 is not a public address');
    expect(file.warnings.join('\n')).toContain('10.0.0.1 is not a public address');
    expect(file.warnings.join('\n')).toContain('::ffff:7f00:1 is not a public address');
    expect(file.warnings.join('\n')).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
  });

  it("sandboxes each job of a tenant on its own, on a page the tenant's jobs share", async () => {
    const doc = example('email');
    const image = doc.body.rows[0].columns[0].blocks.find((block: { type: string }) => block.type === 'image');
    doc.body.rows[0].columns[0].blocks = [{ ...image, src: 'http://10.0.0.2/first.png', alt: 'x' }];
    const first = value(await service.makeFile({ mode: 'email', doc, format: 'png', storageKey: keyOf('first-job.png'), tenant: 'prj_2/test' }));
    doc.body.rows[0].columns[0].blocks = [{ ...image, src: 'http://10.0.0.3/second.png', alt: 'x' }];
    const second = value(await service.makeFile({ mode: 'email', doc, format: 'png', storageKey: keyOf('second-job.png'), tenant: 'prj_2/test' }));
    expect(first.warnings.filter((warning) => warning.includes('10.0.0.'))).toEqual([expect.stringContaining('10.0.0.2')]);
    expect(second.warnings.filter((warning) => warning.includes('10.0.0.'))).toEqual([expect.stringContaining('10.0.0.3')]);
  });
});
