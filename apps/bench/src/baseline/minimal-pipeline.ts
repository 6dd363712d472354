// The baseline of the API benchmark: what a competent engineer would build for the same
// two operations without a framework, making the same hops and doing the same work that
// the spec asks of every request. Each role is its own process, as our gateway and
// designs service are.
// `server`: node:http (keep-alive) that authenticates the secret key by its hash (cached
// for half a second, as our gateway does), counts the request in the same Redis sliding
// window, checks the path or body, and asks over NATS.
// `responder`: a NATS queue subscriber that runs the designs service's SQL (the same
// statements, the token's erasure lock included) over a pg pool of the same size.
import http from 'node:http';
import { LRUCache } from 'lru-cache';
import Redis from 'ioredis';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { Pool } from 'pg';
import { ulid } from 'ulid';
import { hashSecret, newEditorToken, secretKeyEnvironment } from '@embed/credentials';
import { isLocalhostOrigin, normalizeOrigin } from '@embed/origin-rules';
import { SlidingWindowLimiter } from '@embed/rate-limit';

interface Scope {
  projectId: string;
  environment: string;
}
type GetRequest = Scope & { userId: string; designId: string };
type MintRequest = Scope & { keyId: string; userId: string; origin: string; ttlSeconds: number };
interface Reply {
  status: number;
  body: string;
}

const GET_SUBJECT = 'baseline.designs.get';
const MINT_SUBJECT = 'baseline.tokens.mint';
const POOL_SIZE = 20;
const codec = JSONCodec<GetRequest & MintRequest>();
const replyCodec = JSONCodec<Reply>();
const error = (status: number, code: string, message: string): Reply => ({ status, body: JSON.stringify({ error: message, code }) });
const DESIGN_ID = /^[0-9A-Za-z]{26}$/;

async function responder(nc: NatsConnection, databaseUrl: string) {
  const pool = new Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const person = async ({ projectId, environment, userId }: Scope & { userId: string }) =>
    (await pool.query<{ id: string; state: string }>('SELECT id, state FROM "Person" WHERE "projectId" = $1 AND environment = $2::"Environment" AND "externalId" = $3', [projectId, environment, userId])).rows[0];

  async function getDesign(request: GetRequest): Promise<Reply> {
    const owner = await person(request);
    if (owner?.state === 'erasing') return error(409, 'user_erased', 'the person is being erased');
    const notFound = error(404, 'design_not_found', 'no such design');
    if (!owner) return notFound;
    const { rows } = await pool.query(
      `SELECT id, name, mode, revision, "createdAt" AT TIME ZONE 'UTC' AS "createdAt", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", doc::text AS "docJson"
       FROM "Design" WHERE "projectId" = $1 AND environment = $2::"Environment" AND "personId" = $3 AND id = $4`,
      [request.projectId, request.environment, owner.id, request.designId],
    );
    if (!rows[0]) return notFound;
    const { docJson, ...summary } = rows[0];
    return { status: 200, body: `${JSON.stringify(summary).slice(0, -1)},"doc":${docJson}}` };
  }

  async function mintToken(request: MintRequest): Promise<Reply> {
    const { projectId, environment, origin } = request;
    const listed = (await pool.query('SELECT 1 FROM "AllowedSite" WHERE "projectId" = $1 AND environment = $2::"Environment" AND origin = $3', [projectId, environment, origin])).rowCount;
    if (!listed && !(environment === 'test' && isLocalhostOrigin(origin))) return error(403, 'origin_not_allowed', `${origin} is not an allowed site`);
    const upserted = await pool.query<{ id: string; state: string }>(
      `INSERT INTO "Person" (id, "projectId", environment, "externalId") VALUES ($1, $2, $3::"Environment", $4)
       ON CONFLICT ("projectId", environment, "externalId") DO UPDATE SET state = "Person".state RETURNING id, state`,
      [`psn_${ulid()}`, projectId, environment, request.userId],
    );
    const personId = upserted.rows[0].id;
    const token = newEditorToken();
    const expiresAt = new Date(Date.now() + request.ttlSeconds * 1000);
    // The person's erasure lock, held shared while the token is written: no token lands after an erasure started.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [personId]);
      const { rows } = await client.query('SELECT state FROM "Person" WHERE id = $1', [personId]);
      if (rows[0]?.state !== 'active') {
        await client.query('ROLLBACK');
        return error(409, 'user_erased', 'the person is being erased');
      }
      await client.query(
        'INSERT INTO "EditorToken" (id, "tokenHash", "personId", "projectId", environment, "keyId", origin, "expiresAt") VALUES ($1, $2, $3, $4, $5::"Environment", $6, $7, $8)',
        [`tok_${ulid()}`, hashSecret(token), personId, projectId, environment, request.keyId, origin, expiresAt],
      );
      await client.query('COMMIT');
    } catch (failure) {
      await client.query('ROLLBACK');
      throw failure;
    } finally {
      client.release();
    }
    return { status: 200, body: JSON.stringify({ token, expiresAt: expiresAt.toISOString() }) };
  }

  const serve = (subject: string, handle: (request: GetRequest & MintRequest) => Promise<Reply>) =>
    nc.subscribe(subject, {
      queue: 'baseline',
      callback: (_err, msg) =>
        void handle(codec.decode(msg.data)).then(
          (reply) => msg.respond(replyCodec.encode(reply)),
          () => msg.respond(replyCodec.encode(error(503, 'service_unavailable', 'try again'))),
        ),
    });
  serve(GET_SUBJECT, getDesign);
  serve(MINT_SUBJECT, mintToken);
}

interface Key extends Scope {
  keyId: string;
  usable: boolean;
}

async function server(nc: NatsConnection, env: { databaseUrl: string; redisUrl: string; limitPerMinute: number }, port: number) {
  const db = new Pool({ connectionString: env.databaseUrl, max: POOL_SIZE });
  const limiter = new SlidingWindowLimiter(new Redis(env.redisUrl), 'baseline-window');
  const keys = new LRUCache<string, Key | 'unknown'>({ max: 10_000, ttl: 500 });

  async function resolveKey(authorization: string | undefined): Promise<Key | null> {
    const secret = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!secret || !secretKeyEnvironment(secret)) return null;
    const hash = hashSecret(secret);
    let key = keys.get(hash);
    if (key === undefined) {
      const { rows } = await db.query<Key>(
        `SELECT k.id AS "keyId", k."projectId", k.environment, k."revokedAt" IS NULL AND NOT p.suspended AND NOT w.suspended AS usable
         FROM "ApiKey" k JOIN "Project" p ON p.id = k."projectId" JOIN "Workspace" w ON w.id = p."workspaceId" WHERE k."secretHash" = $1`,
        [hash],
      );
      const found: Key | 'unknown' = rows[0] ?? 'unknown';
      keys.set(hash, found);
      key = found;
    }
    return key === 'unknown' || !key.usable ? null : key;
  }

  function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
    return new Promise((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        try {
          const value = JSON.parse(body);
          resolve(value && typeof value === 'object' ? value : null);
        } catch {
          resolve(null);
        }
      });
    });
  }

  async function route(req: http.IncomingMessage, key: Key): Promise<Reply> {
    const [, resource, userId, designId] = (req.url ?? '').split('/').map(decodeURIComponent);
    if (req.method === 'GET' && resource === 'designs') {
      if (!userId || userId.length > 256 || !DESIGN_ID.test(designId ?? '')) return error(400, 'request_invalid', 'userId or designId is not valid');
      return ask(GET_SUBJECT, { projectId: key.projectId, environment: key.environment, userId, designId });
    }
    if (req.method === 'POST' && resource === 'tokens') {
      const body = await readJson(req);
      const user = body?.user as { id?: unknown } | undefined;
      const { origin, ttl = 900 } = body ?? {};
      if (typeof user?.id !== 'string' || user.id.length < 1 || user.id.length > 256) return error(400, 'request_invalid', 'user.id must be 1 to 256 characters');
      if (typeof origin !== 'string' || origin.length > 2048) return error(400, 'request_invalid', 'origin must be a string');
      if (!Number.isInteger(ttl) || (ttl as number) < 60 || (ttl as number) > 900) return error(400, 'request_invalid', 'ttl must be 60 to 900');
      let normal: string;
      try {
        normal = normalizeOrigin(origin);
      } catch {
        return error(400, 'request_invalid', 'origin is not an origin');
      }
      return ask(MINT_SUBJECT, { projectId: key.projectId, environment: key.environment, keyId: key.keyId, userId: user.id, origin: normal, ttlSeconds: ttl as number });
    }
    return error(404, 'not_found', 'no such route');
  }

  const ask = async (subject: string, request: Partial<GetRequest & MintRequest>): Promise<Reply> =>
    replyCodec.decode((await nc.request(subject, codec.encode(request as GetRequest & MintRequest), { timeout: 3000 })).data);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const key = await resolveKey(req.headers.authorization);
    if (!key) return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'key_invalid' }));
    const operation = req.method === 'GET' ? 'getDesign' : 'createToken';
    const decision = await limiter.take(`${operation}:key:${key.keyId}`, env.limitPerMinute, 60_000);
    res.setHeader('RateLimit', `"${operation}";r=${decision.remaining};t=${Math.max(1, Math.ceil(decision.waitMs / 1000))}`);
    if (!decision.allowed) return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify({ code: 'rate_limited' }));
    const reply = await route(req, key);
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' }).end(reply.body);
  }

  http
    .createServer((req, res) => void handle(req, res).catch(() => res.writeHead(503).end()))
    .listen(port, '127.0.0.1', () => process.send?.('listening'));
}

async function main(): Promise<void> {
  // A benchmark that ends, however it ends, takes its baseline with it.
  process.once('disconnect', () => process.exit(0));
  const [role, port] = process.argv.slice(2);
  const databaseUrl = process.env['DATABASE_URL'] as string;
  const nc = await connect({ servers: process.env['NATS_URL'] });
  if (role === 'responder') {
    await responder(nc, databaseUrl);
    process.send?.('listening');
    return;
  }
  // The bench stack's limit: the spec's 600 a minute, raised for load as the gateway's is.
  const limitPerMinute = 600 * Number(process.env['RATE_LIMIT_MULTIPLIER'] ?? 1);
  await server(nc, { databaseUrl, redisUrl: process.env['REDIS_URL'] as string, limitPerMinute }, Number(port));
}

main().catch((failure: unknown) => {
  process.stderr.write(`baseline failed: ${String(failure)}\n`);
  process.exit(1);
});
