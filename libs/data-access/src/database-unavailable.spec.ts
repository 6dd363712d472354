import { Client } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';

/** An error as node-postgres raises it for a socket failure. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a session ended by a server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a server still starting (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a full server (53300)', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['node-postgres timing out a connect', new Error('timeout exceeded when trying to connect')],
    ['a Prisma client error P1001', Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' })],
    ['a Prisma pool timeout P2024', Object.assign(new Error('Timed out fetching a new connection'), { code: 'P2024' })],
    ['a Prisma initialization error', Object.assign(new Error('cannot start'), { name: 'PrismaClientInitializationError' })],
    ['a driver-adapter error of a closed connection', Object.assign(new Error('DriverAdapterError'), { cause: { kind: 'ConnectionClosed' } })],
    ['a driver-adapter error carrying the server code', Object.assign(new Error('DriverAdapterError'), { cause: { kind: 'postgres', originalCode: '57P01' } })],
    [
      "a raw query's error carrying the adapter's",
      Object.assign(new Error('Raw query failed'), { code: 'P2010', meta: { driverAdapterError: Object.assign(new Error('DatabaseNotReachable'), { cause: { kind: 'DatabaseNotReachable' } }) } }),
    ],
    ['an outage two causes deep', new Error('export failed', { cause: new Error('query failed', { cause: socketError('ECONNREFUSED') }) })],
  ])('holds %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a Prisma record not found', Object.assign(new Error('No record found'), { code: 'P2025' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('does not hold %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('recognises what node-postgres really raises when nothing listens on the port', async () => {
    const client = new Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2_000 });
    const error = await client.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
