import { createServer, type Server, type Socket } from 'node:net';
import { DeadlinePassedError } from '@embed/contracts';
import { isDatabaseUnavailable } from './database-unavailable';
import { PrismaService } from './prisma.service';

/**
 * A server that takes connections and never answers: PostgreSQL behind a network partition
 * or a firewall that drops its packets, as a client sees it once the connection is open.
 */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgresql://embed:secret@127.0.0.1:${port}/embed`,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('PrismaService against a database that does not answer', () => {
  let database: Awaited<ReturnType<typeof silentServer>>;
  let prisma: PrismaService | undefined;

  beforeEach(async () => {
    database = await silentServer();
  });

  // The server goes first: the pool's end waits for a connection still opening.
  afterEach(async () => {
    await database.close();
    await prisma?.close();
  });

  const open = (connectTimeoutMs: number) =>
    (prisma = new PrismaService({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: 2, DATABASE_CONNECT_TIMEOUT_MS: connectTimeoutMs, DATABASE_PREPARED_STATEMENTS: true }));

  it('gives up opening a connection after DATABASE_CONNECT_TIMEOUT_MS, as an outage (503), not after the kernel’s minutes', async () => {
    const error = await failureOf(open(300).sql('SELECT 1'));
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('waits for a connection no longer than the request’s deadline, and runs nothing', async () => {
    const service = open(60_000);
    let ran = false;
    const error = await failureOf(
      service.sqlTransaction(async () => {
        ran = true;
      }, Date.now() + 300),
    );
    expect(error).toBeInstanceOf(DeadlinePassedError);
    expect(ran).toBe(false);
  });
});
