import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Client } from 'pg';
import type { DesignDocument } from '@embed/design-document';

/** The site every benchmark's editor runs on: localhost, which a test key allows. */
export const BENCH_ORIGIN = 'http://localhost:8080';

export interface BenchProject {
  projectId: string;
  keyId: string;
  /** The test secret key. */
  key: string;
  /** The webhook's secret, when the project was made with a webhook URL. */
  webhookSecret?: string;
}

/** A project of its own, made with the admin command line as an operator would. */
export function newProject(name: string, options: { mode?: string; webhookUrl?: string } = {}): BenchProject {
  const admin = path.join(__dirname, '..', '..', 'admin', 'src', 'main.js');
  const args = ['project', 'create', '--name', name, '--mode', options.mode ?? 'email', ...(options.webhookUrl ? ['--webhook-url', options.webhookUrl] : [])];
  const created = spawnSync(process.execPath, [admin, ...args], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`admin ${args.join(' ')}: ${created.stderr}`);
  const project = JSON.parse(created.stdout);
  return { projectId: project.projectId, keyId: project.keys.test.keyId, key: project.keys.test.secret, webhookSecret: project.webhook?.secret };
}

/** An answer that is not 2xx. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A JSON request that must succeed (else HttpError); its answer's body, parsed (null for none). */
export async function call<T>(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const json = body === undefined ? {} : { body: JSON.stringify(body) };
  const response = await fetch(url, { method, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, ...json });
  if (!response.ok) throw new HttpError(`${method} ${url}: ${response.status} ${await response.text()}`, response.status);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** An editor token for one person, which also makes the person known. */
export async function editorToken(baseUrl: string, key: string, userId: string): Promise<string> {
  const { token } = await call<{ token: string }>('POST', `${baseUrl}/embed/v1/tokens`, bearer(key), { user: { id: userId }, origin: BENCH_ORIGIN });
  return token;
}

/** A new design saved through the editor API, as the embedded editor saves it; its id. */
export async function createDesign(baseUrl: string, token: string, name: string, doc: DesignDocument): Promise<string> {
  const design = await call<{ id: string }>('POST', `${baseUrl}/editor/v1/designs`, { ...bearer(token), origin: BENCH_ORIGIN }, { name, doc });
  return design.id;
}

export async function personId(db: Client, projectId: string, userId: string): Promise<string> {
  const { rows } = await db.query(`SELECT id FROM "Person" WHERE "projectId" = $1 AND environment = 'test' AND "externalId" = $2`, [projectId, userId]);
  return rows[0].id;
}

/**
 * `count` designs of a known person written straight into the database as the API leaves
 * them, created a second apart, newest last: saving thousands through the API would take
 * most of a benchmark's time. With `history`, each also gets its restore point and its
 * `design.saved` event (which the webhook dispatcher then relays). Returns their ids,
 * oldest first.
 */
export async function insertDesigns(db: Client, projectId: string, userId: string, count: number, doc: DesignDocument, history = true): Promise<string[]> {
  const person = await personId(db, projectId, userId);
  const historyRows = `, points AS (
       INSERT INTO "RestorePoint" (id, "designId", revision, name, doc) SELECT 'rp_' || lower(id), id, 0, 'Bench', $3::jsonb FROM designs
     ), events AS (
       INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "personId", "designId", data)
       SELECT 'evt_' || lower(id), $1, 'test', 'design.saved', $2, id, jsonb_build_object('designId', id, 'userId', $5::text, 'revision', 0) FROM designs
     )`;
  const { rows } = await db.query<{ id: string }>(
    `WITH designs AS (
       INSERT INTO "Design" (id, "projectId", environment, "personId", name, mode, revision, doc, "createdAt", "updatedAt")
       SELECT upper(substr(md5(random()::text || n), 1, 26)), $1, 'test', $2, 'Bench ' || n, 'email', 0, $3::jsonb,
              now() - ($4::int - n) * interval '1 second', now()
       FROM generate_series(1, $4::int) n
       RETURNING id, "createdAt"
     )${history ? historyRows : ''}
     SELECT id FROM designs ORDER BY "createdAt"`,
    [projectId, person, JSON.stringify(doc), count, ...(history ? [userId] : [])],
  );
  return rows.map((row) => row.id);
}
