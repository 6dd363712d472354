/**
 * Whether an error means the database could not be reached or dropped the connection
 * (a restart, a failover, a full pool), as opposed to a query it refused. Such a
 * request changed nothing and may be retried, so it is answered 503, never 500.
 *
 * The same outage reaches us in several wrappings: node-postgres's own errors (socket
 * codes, SQLSTATE, "Connection terminated"), Prisma's driver-adapter errors (a `kind`,
 * with the driver's code as `originalCode`) and Prisma's client errors (P1xxx codes, or
 * a raw query's P2010 carrying the adapter's error in `meta`), each possibly wrapping
 * another as its `cause`; all are followed.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { cause, meta } = error as { cause?: unknown; meta?: { driverAdapterError?: unknown } };
  return signalsOutage(error as OutageFields) || isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(meta?.driverAdapterError, depth + 1);
}

interface OutageFields {
  name?: unknown;
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
}

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a server going away or full: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const OUTAGE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Prisma: database not reachable, timed out, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** node-postgres raises these as plain Errors, without a code. */
const DRIVER_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable/];

function signalsOutage({ name, code, originalCode, kind, message }: OutageFields): boolean {
  for (const value of [code, originalCode]) {
    if (typeof value !== 'string') continue;
    // SQLSTATE class 08: connection exception.
    if (SOCKET_CODES.has(value) || OUTAGE_SQLSTATES.has(value) || PRISMA_CODES.has(value) || /^08[0-9A-Z]{3}$/.test(value)) return true;
  }
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
  if (name === 'PrismaClientInitializationError') return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}
