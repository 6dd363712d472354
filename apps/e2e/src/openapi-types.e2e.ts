// @lane shared
// An integrator's typed client: TypeScript types generated from the served OpenAPI
// document with openapi-typescript, and a program that makes every call the README's
// integrators section shows and reads the fields it reads, type-checked against them.
// The program also holds the generated types to the code's own (the contract types the
// services answer with, the gateway's request schemas, the client's webhook events), so a
// document that drifts from the code fails here as surely as a README that drifts from it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call } from './support/api';
import { repoRoot } from './support/stack';

const PROGRAM = `
import type { components, paths, webhooks } from './openapi';
import type { Design, DesignList, DesignSummary, FileExport, HtmlExport, MintedToken, RenderedDesign, RestorePointList } from '@embed/contracts';
import type { WebhookEvent } from '@embed/node-client';
import type { CreateTokenBody, ExportBody, RenderBody } from '@embed/contracts';

// ---- What the code says and what the document says agree -------------------------------
type Schemas = components['schemas'];
/** An interface as a plain object type (which, unlike an interface, fits an open object such as a design document's). */
type Plain<T> = T extends readonly unknown[] ? { [K in keyof T]: Plain<T[K]> } : T extends object ? ([keyof T] extends [never] ? Record<string, unknown> : { [K in keyof T]: Plain<T[K]> }) : T;
/** Same field names, and every value the code makes fits the document. */
type Agree<Code, Doc> = [keyof Code] extends [keyof Doc] ? ([keyof Doc] extends [keyof Code] ? ([Plain<Code>] extends [Doc] ? true : 'a value of the code does not fit the document') : 'the document has a field the code lacks') : 'the code has a field the document lacks';
type Required<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type SameRequired<Code, Doc> = [Required<Code>] extends [Required<Doc>] ? ([Required<Doc>] extends [Required<Code>] ? true : 'the document requires a field the code does not') : 'the code requires a field the document does not';
const answers: [
  Agree<MintedToken, Schemas['Token']>, SameRequired<MintedToken, Schemas['Token']>,
  Agree<DesignSummary, Schemas['DesignSummary']>, Agree<Design, Schemas['Design']>, Agree<DesignList, Schemas['DesignList']>,
  Agree<RestorePointList, Schemas['RestorePointList']>, Agree<RenderedDesign, Schemas['Rendered']>,
  Agree<Omit<HtmlExport, 'format'>, Omit<Schemas['HtmlExport'], 'format'>>, Agree<FileExport, Schemas['FileExport']>,
] = [true, true, true, true, true, true, true, true, true];
// What a generated client sends is what the gateway's input schema takes, field for field.
const requests: [
  Agree<Schemas['CreateTokenDto'], CreateTokenBody>, SameRequired<Schemas['CreateTokenDto'], CreateTokenBody>,
  Agree<Schemas['ExportDto'], ExportBody>, SameRequired<Schemas['ExportDto'], ExportBody>,
  Agree<Schemas['RenderDto'], RenderBody>, SameRequired<Schemas['RenderDto'], RenderBody>,
] = [true, true, true, true, true, true];
// Every webhook the client library parses is one the document describes, and the other way round.
type Delivery = { [K in keyof webhooks]: NonNullable<webhooks[K]['post']>['requestBody'] extends { content: { 'application/json': infer B } } | undefined ? B : never }[keyof webhooks];
const events: [Agree<WebhookEvent, Delivery>, Agree<Delivery, WebhookEvent>] = [true, true];

// ---- A small typed client over the generated paths -------------------------------------
type Method = 'get' | 'post' | 'put' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Defined<T> = Exclude<T, undefined>;
type Field<K extends string, T> = [Defined<T>] extends [never] ? {} : undefined extends T ? { [_ in K]?: Defined<T> } : { [_ in K]: T };
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined;
type Input<O extends { parameters: { path?: unknown; query?: unknown } }> = Field<'path', O['parameters']['path']> & Field<'query', O['parameters']['query']> & Field<'body', BodyOf<O>>;
type AnswerOf<R> = R extends { content: { 'application/json': infer A } } ? A : undefined;

const BASE = process.env.EMBED_BASE_URL ?? 'http://127.0.0.1:3000';

async function api<P extends keyof paths, M extends Method & keyof paths[P], S extends keyof Op<P, M>['responses']>(
  credential: { bearer: string; origin?: string },
  method: M,
  template: P,
  status: S,
  input: Input<Op<P, M>>,
): Promise<AnswerOf<Op<P, M>['responses'][S]>> {
  const { path = {}, query = {}, body } = input as { path?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
  const url = new URL(String(template).replace(/\\{(\\w+)\\}/g, (_, name: string) => encodeURIComponent(path[name])), BASE);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { authorization: \`Bearer \${credential.bearer}\`, ...(credential.origin && { origin: credential.origin }) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(url, { method: method.toUpperCase(), headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (answer.status !== Number(status)) throw new Error(\`\${method} \${String(template)}: \${answer.status}\`);
  return (answer.status === 204 ? undefined : await answer.json()) as AnswerOf<Op<P, M>['responses'][S]>;
}

// ---- Every call of the README's integrators section, in its order ---------------------
async function readme(key: string, doc: Record<string, unknown>, png: Blob): Promise<void> {
  const server = { bearer: key };
  const { token, expiresAt } = await api(server, 'post', '/embed/v1/tokens', 200, { body: { user: { id: 'person-42' }, origin: 'http://localhost:8080' } });
  const editor = { bearer: token, origin: 'http://localhost:8080' };
  const created = await api(editor, 'post', '/editor/v1/designs', 201, { body: { name: 'Welcome', doc } });
  const saved = await api(editor, 'put', '/editor/v1/designs/{id}', 200, { path: { id: created.id }, body: { name: 'Welcome (v2)', doc } });
  const got = await api(editor, 'get', '/editor/v1/designs/{id}', 200, { path: { id: created.id } });
  const { revisions } = await api(editor, 'get', '/editor/v1/designs/{id}/revisions', 200, { path: { id: created.id } });
  const uploaded = await fetch(new URL('/editor/v1/images', BASE), { method: 'POST', headers: { authorization: \`Bearer \${token}\`, origin: editor.origin, 'content-type': 'image/png' }, body: png });
  const image: AnswerOf<Op<'/editor/v1/images', 'post'>['responses'][201]> = await uploaded.json();

  const list = await api(server, 'get', '/embed/v1/users/{userId}/designs', 200, { path: { userId: 'person-42' }, query: { limit: 10 } });
  const one = await api(server, 'get', '/embed/v1/users/{userId}/designs/{designId}', 200, { path: { userId: 'person-42', designId: created.id } });
  const merge = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://example.com/u/42' };
  const html = await api(server, 'post', '/embed/v1/designs/{id}/export', 200, { path: { id: created.id }, body: { user: { id: 'person-42' }, merge } });
  if (html.format !== undefined) throw new Error('an html export answers an HtmlExport');
  const pdf = await api(server, 'post', '/embed/v1/designs/{id}/export', 200, { path: { id: created.id }, body: { user: { id: 'person-42' }, format: 'pdf' } });
  if (pdf.format === undefined) throw new Error('a pdf export answers a FileExport');
  const rendered = await api(server, 'post', '/embed/v1/render', 200, { body: { doc, merge: { contact: { first_name: 'Ada' } }, text: { links: true } } });

  const mine = await api(editor, 'get', '/editor/v1/designs', 200, {});
  const text = await api(editor, 'post', '/editor/v1/designs/{id}/export', 200, { path: { id: created.id }, body: { format: 'text' } });
  await api(editor, 'delete', '/editor/v1/designs/{id}', 204, { path: { id: created.id } });
  const erasing = await api(server, 'delete', '/embed/v1/users/{userId}', 202, { path: { userId: 'person-42' } });
  const document = await api({ bearer: '' }, 'get', '/embed/v1/openapi.json', 200, {});

  // The fields the README's jq filters read.
  console.log(expiresAt, { id: saved.id, name: saved.name, revision: saved.revision }, { id: got.id, revision: got.revision }, image.url);
  console.log(revisions.map(({ revision, name, createdAt }) => ({ revision, name, createdAt })));
  console.log(list.designs, list.nextCursor, { id: one.id, name: one.name, revision: one.revision });
  console.log({ exportId: html.exportId, subject: html.subject, bytes: html.bytes, mergeTags: html.mergeTags, warnings: html.warnings });
  console.log({ url: pdf.url, expiresAt: pdf.expiresAt, filename: pdf.filename, bytes: pdf.bytes });
  console.log({ subject: rendered.subject, preheader: rendered.preheader, bytes: rendered.bytes, mergeTags: rendered.mergeTags });
  console.log(mine.designs.length, { exportId: text.exportId, bytes: text.bytes }, erasing.status, Object.keys(document.paths));
}

// ---- The README's webhook receiver, typed by the document's webhooks ------------------
function handle(event: Delivery): string {
  switch (event.type) {
    case 'design.saved':
      return \`\${event.data.designId} of \${event.data.userId} at revision \${event.data.revision}\`;
    case 'design.deleted':
      return \`\${event.data.designId} of \${event.data.userId} deleted\`;
    case 'export.created':
      return \`\${event.data.exportId}: \${event.data.format} from \${event.data.source}, revision \${event.data.revision}\`;
    case 'user.erased':
      return \`\${event.data.userId} erased in \${event.environment}\`;
    case 'ping':
      return event.data.message;
  }
}

export { answers, events, handle, readme, requests };
`;

describe('types generated from the OpenAPI document with openapi-typescript', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-types-'));

  beforeAll(async () => {
    const document = await call('GET', '/embed/v1/openapi.json');
    writeFileSync(path.join(dir, 'openapi.json'), document.text);
    const generator = path.join(repoRoot, 'node_modules/openapi-typescript/bin/cli.js');
    execFileSync(process.execPath, [generator, path.join(dir, 'openapi.json'), '--output', path.join(dir, 'openapi.d.ts')], { stdio: 'pipe' });
  }, 60_000);

  it('type-check a program that makes every call of the README and holds them to the code’s own types', () => {
    writeFileSync(path.join(dir, 'readme-calls.ts'), PROGRAM);
    const tsconfig = {
      extends: path.join(repoRoot, 'tsconfig.base.json'),
      compilerOptions: { noEmit: true, lib: ['ES2023', 'DOM'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], noUnusedLocals: false },
      files: ['readme-calls.ts'],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});
