// @lane serial: starts services of its own beside the stack's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { type PingReply, pingSubject } from '@embed/contracts';
import { isAlive, serviceSpecOf, sleep, stackEnv, waitFor } from './support/stack';

const toolsLib = path.resolve(__dirname, '../../../tools/lib');

/** Runs an ES module script of the tools with Node and parses what it prints as JSON. */
function evaluate(script: string): any {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('npm start: the restart policy (tools/lib/restart-policy.mjs)', () => {
  const delays = (runs: number[]) =>
    evaluate(`import { nextRestart } from ${JSON.stringify(path.join(toolsLib, 'restart-policy.mjs'))};
      let exitsInARow = 0;
      const delays = [];
      for (const ranForMs of ${JSON.stringify(runs)}) {
        const restart = nextRestart({ exitsInARow, ranForMs });
        exitsInARow = restart.exitsInARow;
        delays.push(restart.delayMs);
      }
      console.log(JSON.stringify(delays));`);

  it('doubles the delay with each quick exit in a row, up to 30 s', () => {
    expect(delays([10, 10, 10, 10, 10, 10, 10, 10])).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again from 1 s after a service ran a healthy minute', () => {
    expect(delays([10, 10, 10, 59_999, 60_000, 10])).toEqual([1_000, 2_000, 4_000, 8_000, 1_000, 2_000]);
  });
});

describe('npm start: a service that exits is started again (superviseService)', () => {
  const SUPERVISOR = `
    import { superviseService } from ${JSON.stringify(path.join(toolsLib, 'services.mjs'))};
    const service = superviseService(JSON.parse(process.env.SPEC), { policy: { firstDelayMs: 200, maxDelayMs: 1_000, healthyAfterMs: 60_000 } });
    let last;
    setInterval(() => service.pid() !== last && console.log(JSON.stringify({ pid: (last = service.pid()) })), 50);
    process.on('SIGTERM', () => { process.kill(service.stop(), 'SIGTERM'); process.exit(0); });`;
  let supervisor: ChildProcess;
  const pids: number[] = [];

  /** Whether the replica with this pid answers its readiness ping on NATS (its queue group shares pings with the stack's own). */
  async function answers(pid: number): Promise<boolean> {
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: stackEnv().NATS_URL } });
    try {
      for (let i = 0; i < 20; i++) {
        const reply = await firstValueFrom(client.send<PingReply>(pingSubject('designs'), {}).pipe(timeout(1_000))).catch(() => null);
        if (reply?.instanceId.endsWith(`:${pid}`)) return true;
      }
      return false;
    } finally {
      await client.close();
    }
  }

  beforeAll(() => {
    const spec = serviceSpecOf('designs');
    // A replica beside the stack's own designs service, without an operators' port of its own.
    const replica = { ...spec, env: { ...spec.env, OPS_PORT: '0' } };
    supervisor = spawn(process.execPath, ['--input-type=module', '-e', SUPERVISOR], { env: { ...process.env, SPEC: JSON.stringify(replica) } });
    supervisor.stdout?.setEncoding('utf8').on('data', (text: string) => {
      for (const line of text.split('\n').filter(Boolean)) pids.push(JSON.parse(line).pid);
    });
  });

  afterAll(async () => {
    supervisor.kill('SIGTERM');
    await waitFor('the supervised replica to stop', async () => pids.every((pid) => !isAlive(pid)), 20_000);
  });

  it('comes back after being killed, under a new pid that answers on NATS', async () => {
    // A service takes a while to start on a busy machine: the deadlines are generous, never timings.
    const first = await waitFor('the first replica', async () => pids[0] ?? false, 20_000);
    await waitFor('the first replica to answer', () => answers(first), 90_000);
    process.kill(first, 'SIGKILL');
    const second = await waitFor('the replica started again', async () => pids.find((pid) => pid !== first) ?? false, 20_000);
    await waitFor('the new replica to answer', () => answers(second), 90_000);
    await sleep(500);
    expect(isAlive(second)).toBe(true);
  }, 240_000);
});
