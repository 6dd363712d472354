import autocannon from 'autocannon';
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import path from 'node:path';
import { type Benchmark, line } from './benchmark';
import { referenceEmail } from './reference-email';
import { benchStack } from './stack';

const CONNECTIONS = 32;
const SECONDS = 5;
const ORIGIN = 'http://localhost:8080';
const BASELINE_PORT = 3290;

interface Load {
  p50: number;
  p99: number;
  rps: number;
}

async function load(url: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }): Promise<Load> {
  const options = { url, connections: CONNECTIONS, ...init };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A project, a person and one saved design, made the way an integrator would. */
async function seed(baseUrl: string) {
  const admin = path.join(__dirname, '..', '..', 'admin', 'src', 'main.js');
  const created = spawnSync(process.execPath, [admin, 'project', 'create', '--name', 'bench', '--mode', 'email'], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(created.stderr);
  const project = JSON.parse(created.stdout);
  const key = project.keys.test.secret as string;
  const tokenBody = JSON.stringify({ user: { id: 'bench-user' }, origin: ORIGIN });
  const jsonHeaders = { 'content-type': 'application/json' };
  const { token } = await json<{ token: string }>(`${baseUrl}/embed/v1/tokens`, { method: 'POST', headers: { ...jsonHeaders, authorization: `Bearer ${key}` }, body: tokenBody });
  const design = await json<{ id: string }>(`${baseUrl}/editor/v1/designs`, {
    method: 'POST',
    headers: { ...jsonHeaders, authorization: `Bearer ${token}`, origin: ORIGIN },
    body: JSON.stringify({ name: 'Reference email', doc: referenceEmail() }),
  });
  return { projectId: project.projectId as string, key, designId: design.id, tokenBody };
}

function startBaseline(...args: string[]): Promise<ChildProcess> {
  const child = fork(path.join(__dirname, 'baseline', 'minimal-pipeline.js'), args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`baseline ${args[0]} exited with ${code}`)));
  });
}

/**
 * GET a design and POST a token through the whole stack (gateway, NATS, designs
 * service, PostgreSQL) at 32 connections, against a minimal pipeline making the same
 * hops with no framework: the ratios are what our layers cost.
 */
export const benchmark: Benchmark = {
  name: 'server API',
  async run() {
    const baseUrl = benchStack.baseUrl();
    const { projectId, key, designId, tokenBody } = await seed(baseUrl);
    const auth = { authorization: `Bearer ${key}` };
    const post = { method: 'POST' as const, headers: { ...auth, 'content-type': 'application/json' }, body: tokenBody };
    const oursGet = await load(`${baseUrl}/embed/v1/users/bench-user/designs/${designId}`, { headers: auth });
    const oursMint = await load(`${baseUrl}/embed/v1/tokens`, post);

    const children = [await startBaseline('responder', projectId, 'test'), await startBaseline('server', String(BASELINE_PORT))];
    try {
      const base = `http://127.0.0.1:${BASELINE_PORT}`;
      const baseGet = await load(`${base}/designs/bench-user/${designId}`, {});
      const baseMint = await load(`${base}/tokens`, post);
      const pipeline = 'minimal pipeline (node http + nats + pg)';
      return [
        line('api.get_design.p50', 'ms', oursGet.p50, pipeline, baseGet.p50),
        line('api.get_design.p99', 'ms', oursGet.p99, pipeline, baseGet.p99),
        line('api.get_design.throughput', 'req/s', oursGet.rps, pipeline, baseGet.rps),
        line('api.create_token.p50', 'ms', oursMint.p50, pipeline, baseMint.p50),
        line('api.create_token.p99', 'ms', oursMint.p99, pipeline, baseMint.p99),
        line('api.create_token.throughput', 'req/s', oursMint.rps, pipeline, baseMint.rps),
      ];
    } finally {
      children.forEach((child) => child.kill('SIGTERM'));
    }
  },
};
