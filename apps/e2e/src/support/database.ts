import { Client } from 'pg';
import { stackEnv } from './stack';

/** Reads the test stack's database directly, to check what the system stored. */
export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: stackEnv().DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
