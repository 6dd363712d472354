import { readFileSync } from 'node:fs';
import path from 'node:path';
import { admin, baseUrl } from './stack';
import { checkAnswer, type CheckedAnswer } from './openapi-contract';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface CallOptions {
  /** A secret key or an editor token, sent as a bearer credential. */
  bearer?: string;
  body?: unknown;
  /** Sent as it is, without JSON encoding (for malformed bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
  base?: string;
}

/** One HTTP call to the gateway, as an integrator's server or the editor makes it. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${options.base ?? baseUrl()}${path}`, { method, headers, body });
  return checkedAnswer(method, path, { status: response.status, headers: response.headers, text: await response.text() });
}

/**
 * A call (`send`), made again while it is answered 503 (the spec's "nothing was changed;
 * retry"), as a client does: on a busy machine work may wait past its deadline. `attempts` in all.
 */
export async function retrying503(send: () => Promise<ApiAnswer>, attempts: number): Promise<ApiAnswer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 503 || attempt === attempts) return answer;
  }
}

/** An answer received to `method path` (here or by another process), its JSON body read and held to the OpenAPI document. */
export async function checkedAnswer(method: string, path: string, received: CheckedAnswer): Promise<ApiAnswer> {
  let parsed: any = undefined;
  try {
    parsed = received.text ? JSON.parse(received.text) : undefined;
  } catch {
    parsed = undefined;
  }
  const answer = { ...received, body: parsed };
  await checkAnswer(method, path, answer);
  return answer;
}

/** Asserts the spec's error shape and returns the answer. */
export function expectError(answer: ApiAnswer, status: number, code: string): ApiAnswer {
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status, code });
  expect(answer.body).toEqual(expect.objectContaining({ error: expect.any(String), requestId: answer.headers.get('request-id') }));
  return answer;
}

export interface TestProject {
  projectId: string;
  workspaceId: string;
  testKey: string;
  liveKey: string;
  testKeyId: string;
  liveKeyId: string;
}

export const EDITOR_SITE = 'https://app.integrator.example';

/** A fresh project of one mode, with its own keys (so rate limits and data never mix between tests). */
export function newProject(mode: 'email' | 'page' | 'popup' | 'document' = 'email', ...extra: string[]): TestProject {
  const result = admin('project', 'create', '--name', `e2e ${mode}`, '--mode', mode, '--test-site', EDITOR_SITE, '--live-site', EDITOR_SITE, ...extra);
  if (result.status !== 0) throw new Error(result.stderr);
  const { projectId, workspaceId, keys } = result.json;
  return { projectId, workspaceId, testKey: keys.test.secret, liveKey: keys.live.secret, testKeyId: keys.test.keyId, liveKeyId: keys.live.keyId };
}

/** A design document of the examples shipped in docs/examples/designs. */
export function exampleDesign(mode: 'email' | 'page' | 'popup' | 'document'): Record<string, any> {
  return JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs', `${mode}.json`), 'utf8'));
}

/** The languages of an example design, as a design.saved event lists them: its default first. */
export function exampleLanguages(mode: 'email' | 'page' | 'popup' | 'document'): string[] {
  const doc = exampleDesign(mode);
  return [doc.language ?? 'en', ...(doc.languages ?? [])];
}

/** A person's editor session: a token minted with the project's key, used from the site it was minted for. */
export async function editorSession(key: string, userId: string, origin = EDITOR_SITE) {
  const minted = await call('POST', '/embed/v1/tokens', { bearer: key, body: { user: { id: userId }, origin } });
  if (minted.status !== 200) throw new Error(`token: ${minted.status} ${minted.text}`);
  const token = minted.body.token as string;
  const editor = (method: string, path: string, options: CallOptions = {}) =>
    call(method, `/editor/v1${path}`, { bearer: token, ...options, headers: { origin, ...options.headers } });
  return { token, editor };
}

/** A design saved by the person through the editor API; returns its Design answer. */
export async function saveDesign(key: string, userId: string, name = 'Spring sale', doc = exampleDesign('email')): Promise<Record<string, any>> {
  const { editor } = await editorSession(key, userId);
  const created = await editor('POST', '/designs', { body: { name, doc } });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  return created.body;
}
