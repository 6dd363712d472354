import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';

/** The stack `npm run bench` started for the benchmarks that go through NATS or HTTP. */
export const benchStack = {
  baseUrl: () => required('BENCH_BASE_URL'),
  natsUrl: () => required('NATS_URL'),
  databaseUrl: () => required('DATABASE_URL'),
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the benchmarks with \`npm run bench\``);
  return value;
}

export function natsClient(): ClientProxy {
  return ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: benchStack.natsUrl() } });
}

/** Runs `task` from `concurrency` loops for `seconds`; returns completed tasks per second. */
export async function throughput(task: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const loop = async () => {
    while (Date.now() < deadline) {
      await task();
      done++;
    }
  };
  const start = Date.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return done / ((Date.now() - start) / 1000);
}
