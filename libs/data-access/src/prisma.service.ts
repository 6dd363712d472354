import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from '@prisma/client';
import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import type { ConfigOf, databaseSpecs } from '@embed/config';
import { assertBeforeDeadline, DeadlinePassedError, waitAllowedMs } from '@embed/contracts';
import { untilAborted } from '@embed/service-runtime';
import { type Statement, statementQuery } from './statement';

/** Where the database is and how many connections a process may open to it. */
export type DatabaseConfig = Pick<ConfigOf<typeof databaseSpecs>, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_PREPARED_STATEMENTS'>;

/** Runs one parameterised statement inside a transaction of PrismaService.sqlTransaction; its rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SqlRunner = <R extends QueryResultRow = any>(statement: Statement, values?: unknown[]) => Promise<R[]>;

/** Runs a transaction; whatever ended it once `deadline` had passed is DeadlinePassedError (nothing was committed). */
async function untilDeadline<T>(deadline: number | undefined, transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!(error instanceof DeadlinePassedError)) assertBeforeDeadline(deadline, 'the transaction could commit', { cause: error });
    throw error;
  }
}

/**
 * The one database client of a process: Prisma for writes and transactions, and the
 * same pg pool for the few reads on every request's path. Prisma's JS engine costs
 * about three times a plain query there (2.2 ms against 0.7 ms for a design by id,
 * measured on our machines), which the API benchmark feels directly.
 */
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  private readonly pool: Pool;
  private readonly prepare: boolean;
  private readonly logger = new Logger('Database');

  constructor({ DATABASE_URL, DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_PREPARED_STATEMENTS }: DatabaseConfig) {
    // No JIT: our statements are short, and a plan PostgreSQL misjudges as costly (the
    // dispatcher's claim, over a queue whose statistics swing between bursts) was compiled
    // for 0.5 s on every run to save microseconds.
    const pool = new Pool({ connectionString: DATABASE_URL, max: DATABASE_POOL_SIZE, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS, options: '-c jit=off' });
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
    this.prepare = DATABASE_PREPARED_STATEMENTS;
    // An idle connection the server drops (a restart, a failover) is an 'error' event on the
    // pool; unheard, it would end the process. The pool discards that client and connects
    // anew when next asked, so a log line is all it needs.
    pool.on('error', (error) => this.logger.warn({ err: error }, 'an idle database connection was lost; the pool reconnects on demand'));
    // A connection lost while it is checked out (inside a transaction, between two of its
    // statements) is an 'error' event on its client, which the pool listens to only while
    // the client is idle: unheard, it ended the webhook dispatcher when PostgreSQL stopped.
    // The work on that client fails with its next statement and reports it; the client is
    // then discarded, so the event itself needs no more than a listener.
    pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /**
   * Starts Prisma's query engine (it compiles its WebAssembly on first use, up to 2 s on a
   * busy machine) before the service takes requests, so that the first request does not
   * pay for it past its deadline. A database still away is no reason not to start.
   */
  async onModuleInit(): Promise<void> {
    await this.$connect().catch((error: unknown) => this.logger.warn({ err: error }, 'the database is not reachable yet'));
  }

  /** A parameterised SQL query on the hot path. Timestamps must be selected `AT TIME ZONE 'UTC'` (Prisma stores UTC without a zone). */
  async sql<R extends QueryResultRow>(statement: Statement, values: unknown[] = []): Promise<R[]> {
    return (await this.pool.query<R>(statementQuery(statement, values, this.prepare))).rows;
  }

  /**
   * Prisma's interactive transaction, allowed to wait for a connection and to run until
   * `deadline` (the request's; the longest budget for work that has none). Prisma's own
   * limits (2 s to start, 5 s to run) know nothing of the request: 20 saves of one design,
   * queued on its row lock, outlasted them on a busy machine and failed as faults. Nor does
   * Prisma's limit end a statement waiting on a lock, so the server is given it too
   * (statement_timeout, for this transaction only). Whatever ends a transaction once its
   * deadline has passed, nothing was committed: it throws DeadlinePassedError.
   */
  transaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>, deadline: number | undefined): Promise<T> {
    const allowedMs = waitAllowedMs(deadline);
    return untilDeadline(deadline, () =>
      this.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT set_config('statement_timeout', ${String(allowedMs)}, true)`;
          return work(tx);
        },
        { maxWait: allowedMs, timeout: allowedMs },
      ),
    );
  }

  /**
   * A transaction of parameterised SQL on the same pool, for the writes on hot paths (a
   * token's, the webhook relay's): Prisma's interactive transaction costs several times
   * its statements. It waits for a connection, and each statement runs, until `deadline`, as
   * in `transaction`: a token queued on its person's lock behind an erasure gives up its
   * connection when its request has, instead of holding it for as long as the lock is held,
   * and one queued for a connection behind such tokens gives up its place in the queue.
   * Rolled back when `work` throws; `sql` takes the same SQL as `sql()` above.
   */
  sqlTransaction<T>(work: (sql: SqlRunner) => Promise<T>, deadline: number | undefined): Promise<T> {
    return untilDeadline(deadline, async () => {
      const client = await this.connectBefore(deadline);
      let broken: Error | undefined;
      try {
        // One round trip: SET LOCAL takes no parameter, and the bound is a whole number of milliseconds.
        await client.query(`BEGIN; SET LOCAL statement_timeout = ${Math.ceil(waitAllowedMs(deadline))}`);
        const result = await work(async (statement, values = []) => (await client.query(statementQuery(statement, values, this.prepare))).rows);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped, not handed to the next caller.
        await client.query('ROLLBACK').catch((failure: Error) => (broken = failure));
        throw error;
      } finally {
        client.release(broken);
      }
    });
  }

  /** A connection of the pool, waited for until `deadline` at most; one that comes later goes back to the pool. */
  private connectBefore(deadline: number | undefined): Promise<PoolClient> {
    const connecting = this.pool.connect();
    // Without a deadline, the pool's own bound (DATABASE_CONNECT_TIMEOUT_MS) is the wait's.
    if (deadline === undefined) return connecting;
    const timeUp = AbortSignal.timeout(waitAllowedMs(deadline));
    return untilAborted(connecting, timeUp).catch((error: unknown) => {
      connecting.then((client) => client.release(), () => undefined);
      throw timeUp.aborted ? new DeadlinePassedError('a database connection was free', { cause: error }) : error;
    });
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.$disconnect();
    if (!this.pool.ended) await this.pool.end();
  }

  /**
   * The last shutdown phase: workers and handlers that finish their work in earlier hooks
   * (onModuleDestroy, beforeApplicationShutdown) still have the database while they do.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
