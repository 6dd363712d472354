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
