// @lane shared
// The repository's own docs are the reference a clone is read by: every link and file
// path in them leads somewhere inside the repository, and the reference pages name every
// endpoint the gateway serves, every error code and every admin command, and show each
// webhook event kind with the very fields a real delivery carries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, SUBSCRIBABLE_EVENTS } from '@embed/contracts';
import { call, editorSession, exampleDesign } from './support/api';
import { admin, baseUrl, repoRoot } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';
import { webhookProject } from './support/webhooks';

/** Folders that hold no docs of ours: dependencies, builds, local data. */
const NOT_DOCS = new Set(['node_modules', 'dist', '.local', '.git', '.nx', 'tmp']);

function markdownFiles(dir = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_DOCS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const read = (relative: string) => readFileSync(path.join(repoRoot, relative), 'utf8');

/** The text outside fenced code blocks, where links and prose are. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (markdown: string) => new Set([...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading)));

/** The text under a heading (any level), up to the next heading of the same or a higher level. */
function sectionOf(markdown: string, heading: string): string {
  const match = new RegExp(`^(#+) ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(markdown);
  if (!match) throw new Error(`no heading "${heading}"`);
  const rest = markdown.slice(match.index + match[0].length);
  const next = new RegExp(`^#{1,${match[1].length}} `, 'm').exec(rest);
  return rest.slice(0, next?.index);
}

describe('the docs (every markdown file of the repository)', () => {
  const files = markdownFiles();

  it('are found: the README, CONTRIBUTING.md, docs/ and the packages’ READMEs', () => {
    const names = files.map((file) => path.relative(repoRoot, file));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'docs/server-api.md', 'docs/webhooks.md', 'deploy/README.md', 'libs/client/README.md']));
  });

  it('link only to files of the repository that exist, and to headings that exist', () => {
    const broken = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const links = [...prose(text).replace(/`[^`\n]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target);
      return links
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [file_, anchor] = target.split('#');
          const resolved = file_ ? path.resolve(path.dirname(file), decodeURIComponent(file_)) : file;
          if (path.relative(repoRoot, resolved).startsWith('..') || !existsSync(resolved)) return true;
          if (anchor === undefined || !resolved.endsWith('.md')) return false;
          return !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor);
        })
        .map((target) => `${path.relative(repoRoot, file)}: ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('name only files and folders that exist when they name one of the repository (`apps/…`, `libs/…`, …)', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/`((?:apps|libs|tools|docs|deploy|prisma)\/[\w./-]+)`/g)]
        .map(([, named]) => named)
        .filter((named) => !existsSync(path.join(repoRoot, named)))
        .map((named) => `${path.relative(repoRoot, file)}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('docs/server-api.md', () => {
  const doc = read('docs/server-api.md');

  it('documents every error code of @embed/contracts in its table of errors', () => {
    const errors = sectionOf(doc, 'Errors');
    expect(ERROR_CODES.filter((code) => !new RegExp(`^\\| \\d{3} \\| \`${code}\` \\|`, 'm').test(errors))).toEqual([]);
  });

  it('lists every operation of the OpenAPI document the gateway serves, by method, path and operationId', async () => {
    const document = (await (await fetch(`${baseUrl()}/embed/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const endpoints = sectionOf(doc, 'Endpoints');
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), route, operationId: operation.operationId })),
    );
    expect(operations.length).toBeGreaterThan(15);
    // CORS preflights are one row: the editor API answers them on each of its paths.
    const missing = operations
      .filter(({ method, route }) => (method === 'OPTIONS' ? !endpoints.includes(`\`OPTIONS ${route.split('/').slice(0, 3).join('/')}/…\``) : !endpoints.includes(`\`${method} ${route}\``)))
      .map(({ method, route }) => `${method} ${route}`);
    expect(missing).toEqual([]);
    const unnamed = operations.filter(({ method, operationId }) => method !== 'OPTIONS' && !endpoints.includes(`\`${operationId}\``)).map(({ operationId }) => operationId);
    expect(unnamed).toEqual([]);
  });
});

describe('docs/admin.md', () => {
  it('documents every admin command with every flag of its usage', () => {
    const usage = admin();
    expect(usage.status).toBe(2);
    const commands = usage.stderr.split('commands:\n')[1].trim().split('\n').map((line) => line.trim());
    expect(commands.length).toBeGreaterThan(10);
    const table = read('docs/admin.md');
    const undocumented = commands.filter((command) => {
      const words = command.split(' ').slice(0, 2).join(' ');
      const row = table.split('\n').find((line) => line.startsWith(`| \`${words} `));
      return !row || !(command.match(/--[a-z-]+/g) ?? []).every((flag) => row.includes(flag));
    });
    expect(undocumented).toEqual([]);
  });
});

describe('docs/webhooks.md', () => {
  const doc = read('docs/webhooks.md');
  const examples = [...doc.matchAll(/^```json\n([\s\S]*?)^```/gm)].map(([, json]) => JSON.parse(json));
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  /** A value's JSON type, to compare an example's fields with a real delivery's. */
  const shape = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, typeof value]));

  it('shows every event kind with a real delivery’s fields and data fields, each named in the table of events', async () => {
    const project = webhookProject(receiver.url('docs'));
    const { editor } = await editorSession(project.testKey, 'person-docs');
    const created = await editor('POST', '/designs', { body: { name: 'Docs', doc: exampleDesign('email') } });
    expect(created.status).toBe(201);
    expect((await call('POST', `/embed/v1/designs/${created.body.id}/export`, { bearer: project.testKey, body: { user: { id: 'person-docs' } } })).status).toBe(200);
    expect((await editor('DELETE', `/designs/${created.body.id}`)).status).toBe(204);
    // The person's erasure deletes their events not yet delivered, so it waits for them.
    const hasEvery = (kinds: readonly string[]) => (requests: { json: any }[]) => kinds.every((kind) => requests.some(({ json }) => json.type === kind));
    await receiver.waitFor('docs', 'the design events', hasEvery(SUBSCRIBABLE_EVENTS.filter((kind) => kind !== 'user.erased')), 40_000);
    expect((await call('DELETE', '/embed/v1/users/person-docs', { bearer: project.testKey })).status).toBe(202);
    expect(admin('webhook', 'ping', '--project', project.projectId).status).toBe(0);

    const kinds = [...SUBSCRIBABLE_EVENTS, 'ping'];
    const received = await receiver.waitFor('docs', 'one delivery of every kind', hasEvery(kinds), 40_000);
    const table = sectionOf(doc, 'Events');
    for (const kind of kinds) {
      const real = received.find(({ json }) => json.type === kind)!.json;
      const example = examples.find((candidate) => candidate.type === kind);
      expect({ kind, example: example && { ...shape(example), data: shape(example.data) } }).toEqual({ kind, example: { ...shape(real), data: shape(real.data) } });
      const row = table.split('\n').find((line) => line.startsWith(`| \`${kind}\` |`)) ?? '';
      expect({ kind, unnamed: Object.keys(real.data).filter((field) => !row.includes(`\`${field}\``)) }).toEqual({ kind, unnamed: [] });
    }
  }, 120_000);
});
