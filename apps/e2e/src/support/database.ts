import { Client } from 'pg';
import { stackEnv } from './stack';

/** Reads the test stack's database (or another of its server's) directly, to check what the system stored. */
export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = [], databaseUrl = stackEnv().DATABASE_URL): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Holds the row locks that `select` (a SELECT ... FOR UPDATE, FOR KEY SHARE ...) takes, in a
 * transaction of its own, for as long as the test needs: what would change or delete those
 * rows waits. Returns the release, which does nothing the second time.
 */
export async function holdRows(select: string, params: unknown[]): Promise<() => Promise<void>> {
  const client = new Client({ connectionString: stackEnv().DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  await client.query(select, params);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    await client.query('ROLLBACK');
    await client.end();
  };
}
