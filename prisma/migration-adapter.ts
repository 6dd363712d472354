import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type QueryResult } from 'pg';

const PG_NAME_OID = 19;
const PG_TEXT_OID = 25;

/**
 * The schema engine reads PostgreSQL's catalog, whose identifiers have the `name`
 * type (OID 19). adapter-pg cannot deserialize that type (prisma/orm#27403), so this
 * pool reports such columns as text, which carries the same characters.
 */
class CatalogFriendlyPool extends Pool {
  override query(...args: unknown[]): any {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      return result.then((res: QueryResult) => {
        for (const field of res?.fields ?? []) {
          if (field.dataTypeID === PG_NAME_OID) field.dataTypeID = PG_TEXT_OID;
        }
        return res;
      });
    }
    return result;
  }
}

export async function migrationAdapter() {
  const connectionString = process.env['DATABASE_URL'];
  if (!connectionString) throw new Error('DATABASE_URL must be set to run migrations');
  return new PrismaPg(new CatalogFriendlyPool({ connectionString }));
}
