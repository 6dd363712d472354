// The demo project's library (issue 32): what `npm start` gives the demo project once, made
// through the server API with the demo's test key, as an integrator's server would make it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './profiles.mjs';

const designFile = (file) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

/** The demo's templates, oldest first (the editor lists the newest first). */
export const DEMO_TEMPLATES = [
  { name: 'Spring newsletter', file: 'docs/examples/designs/email.json' },
  { name: 'Welcome email', file: 'apps/editor-demo/templates/welcome.json' },
];

async function serverApi(baseUrl, secretKey, method, route, { body, idempotencyKey } = {}) {
  const headers = { authorization: `Bearer ${secretKey}` };
  if (body) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${baseUrl}${route}`, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${answer?.error ?? ''}`);
  return answer;
}

/**
 * Creates the demo's templates unless the project has templates already. Each create
 * carries an Idempotency-Key of its own, so a start stopped halfway and run again does
 * not make a template twice.
 */
export async function seedDemoLibrary(baseUrl, secretKey) {
  const listed = await serverApi(baseUrl, secretKey, 'GET', '/embed/v1/templates?limit=1');
  if (listed.templates.length > 0) return;
  for (const { name, file } of DEMO_TEMPLATES) {
    await serverApi(baseUrl, secretKey, 'POST', '/embed/v1/templates', { body: { name, doc: designFile(file) }, idempotencyKey: `demo-template-${name}` });
  }
}
