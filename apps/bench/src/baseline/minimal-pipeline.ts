// The baseline of the API benchmark: the same hops as our stack with no framework.
// `server`: a plain Node HTTP server that sends each request as a NATS request;
// `responder`: a plain NATS responder that runs the same database queries as the
// designs service and answers the same JSON. Each role is its own process.
import { randomBytes, createHash } from 'node:crypto';
import http from 'node:http';
import { connect, JSONCodec } from 'nats';
import { Pool } from 'pg';
import { ulid } from 'ulid';

const codec = JSONCodec<Record<string, string>>();
const GET_SUBJECT = 'baseline.designs.get';
const MINT_SUBJECT = 'baseline.tokens.mint';

async function responder(natsUrl: string, databaseUrl: string, scope: { projectId: string; environment: string }) {
  const nc = await connect({ servers: natsUrl });
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const personId = async (userId: string) =>
    (await pool.query('SELECT id FROM "Person" WHERE "projectId" = $1 AND environment = $2 AND "externalId" = $3', [scope.projectId, scope.environment, userId])).rows[0]?.id;

  nc.subscribe(GET_SUBJECT, {
    queue: 'baseline',
    callback: async (_err, msg) => {
      const { userId, designId } = codec.decode(msg.data);
      const person = await personId(userId);
      const { rows } = await pool.query(
        'SELECT id, name, mode, revision, "createdAt", "updatedAt", doc FROM "Design" WHERE id = $1 AND "projectId" = $2 AND environment = $3 AND "personId" = $4',
        [designId, scope.projectId, scope.environment, person],
      );
      msg.respond(JSON.stringify(rows[0] ?? null));
    },
  });
  nc.subscribe(MINT_SUBJECT, {
    queue: 'baseline',
    callback: async (_err, msg) => {
      const { userId, origin } = codec.decode(msg.data);
      const person = await pool.query(
        `INSERT INTO "Person" (id, "projectId", environment, "externalId") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("projectId", environment, "externalId") DO UPDATE SET state = "Person".state RETURNING id`,
        [`psn_${ulid()}`, scope.projectId, scope.environment, userId],
      );
      const token = `et_${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(Date.now() + 900_000);
      await pool.query(
        'INSERT INTO "EditorToken" (id, "tokenHash", "personId", "projectId", environment, origin, "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [`tok_${ulid()}`, createHash('sha256').update(token).digest('hex'), person.rows[0].id, scope.projectId, scope.environment, origin, expiresAt],
      );
      msg.respond(JSON.stringify({ token, expiresAt: expiresAt.toISOString() }));
    },
  });
}

async function server(natsUrl: string, port: number) {
  const nc = await connect({ servers: natsUrl });
  const answer = (res: http.ServerResponse, status: number, body: Uint8Array | string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  http
    .createServer((req, res) => {
      const [, resource, userId, designId] = (req.url ?? '').split('/');
      if (req.method === 'GET' && resource === 'designs') {
        nc.request(GET_SUBJECT, codec.encode({ userId, designId }), { timeout: 3000 }).then(
          (reply) => answer(res, 200, reply.data),
          () => answer(res, 503, '{}'),
        );
        return;
      }
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { user, origin } = JSON.parse(body);
        nc.request(MINT_SUBJECT, codec.encode({ userId: user.id, origin }), { timeout: 3000 }).then(
          (reply) => answer(res, 200, reply.data),
          () => answer(res, 503, '{}'),
        );
      });
    })
    .listen(port, '127.0.0.1', () => process.send?.('listening'));
}

const [role, ...args] = process.argv.slice(2);
const natsUrl = process.env['NATS_URL'] as string;
const started =
  role === 'server'
    ? server(natsUrl, Number(args[0]))
    : responder(natsUrl, process.env['DATABASE_URL'] as string, { projectId: args[0], environment: args[1] }).then(() => process.send?.('listening'));
started.catch((error: unknown) => {
  process.stderr.write(`baseline ${role} failed: ${String(error)}\n`);
  process.exit(1);
});
