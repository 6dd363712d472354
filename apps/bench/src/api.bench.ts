import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { type Benchmark, line } from './benchmark';
import { referenceEmail } from './reference-email';
import { interleavedLoad, type LoadFigures, type Target } from './load';
import { BENCH_ORIGIN, bearer, createDesign, editorToken, newProject } from './seed';
import { benchStack } from './stack';

const CONNECTIONS = 32;
/** Measured bursts of each side, alternating which goes first. */
const ROUNDS = 4;
const SECONDS = 3;

/** A project, a person and one saved design, made the way an integrator would. */
async function seed(baseUrl: string) {
  const { key } = newProject('bench');
  const token = await editorToken(baseUrl, key, 'bench-user');
  const designId = await createDesign(baseUrl, token, 'Reference email', referenceEmail());
  return { key, designId, tokenBody: JSON.stringify({ user: { id: 'bench-user' }, origin: BENCH_ORIGIN }) };
}

function startBaseline(...args: string[]): Promise<ChildProcess> {
  const child = fork(path.join(__dirname, 'baseline', 'minimal-pipeline.js'), args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`baseline ${args[0]} exited with ${code}`)));
  });
}

/**
 * Rows for requests that got no 2xx (a loaded machine's deadlines passing, say), only
 * when there were some: the figures above count them in the latencies, not in the throughput.
 */
function failedRows(name: string, ours: LoadFigures, baseline: LoadFigures) {
  return ours.failed + baseline.failed === 0 ? [] : [line(`${name}.failed`, `requests ${JSON.stringify(ours.failures)}`, ours.failed, `the pipeline's failed requests ${JSON.stringify(baseline.failures)}`, baseline.failed)];
}

/**
 * GET a design and POST a token through the whole stack (gateway, NATS, designs
 * service, PostgreSQL) at 32 connections, against a pipeline without a framework making
 * the same hops and doing the same work (key, rate limit, checks, the same SQL), loaded
 * in alternating rounds: the ratios are what our layers cost.
 */
export const benchmark: Benchmark = {
  name: 'server API',
  async run() {
    const baseUrl = benchStack.baseUrl();
    const { key, designId, tokenBody } = await seed(baseUrl);
    const auth = bearer(key);
    const mint = { method: 'POST' as const, headers: { ...auth, 'content-type': 'application/json' }, body: tokenBody };
    // Beside the profile's gateway port, so that benches on two profiles do not collide.
    const port = Number(new URL(baseUrl).port) + 90;
    const children = [await startBaseline('responder'), await startBaseline('server', String(port))];
    try {
      const base = `http://127.0.0.1:${port}`;
      const compare = (ours: Target, theirs: Target) => interleavedLoad([ours, theirs], { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS });
      const [oursGet, baseGet] = await compare({ url: `${baseUrl}/embed/v1/users/bench-user/designs/${designId}`, headers: auth }, { url: `${base}/designs/bench-user/${designId}`, headers: auth });
      const [oursMint, baseMint] = await compare({ url: `${baseUrl}/embed/v1/tokens`, ...mint }, { url: `${base}/tokens`, ...mint });
      const pipeline = 'pipeline without a framework (node http + nats + pg, same key, limit and SQL)';
      return [
        line('api.get_design.p50', 'ms', oursGet.p50, pipeline, baseGet.p50),
        line('api.get_design.p99', 'ms', oursGet.p99, pipeline, baseGet.p99),
        line('api.get_design.throughput', 'req/s', oursGet.rps, pipeline, baseGet.rps),
        line('api.create_token.p50', 'ms', oursMint.p50, pipeline, baseMint.p50),
        line('api.create_token.p99', 'ms', oursMint.p99, pipeline, baseMint.p99),
        line('api.create_token.throughput', 'req/s', oursMint.rps, pipeline, baseMint.rps),
        ...failedRows('api.get_design', oursGet, baseGet),
        ...failedRows('api.create_token', oursMint, baseMint),
      ];
    } finally {
      children.forEach((child) => child.kill('SIGTERM'));
    }
  },
};
