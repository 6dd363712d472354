import type { QueryConfig } from 'pg';

/**
 * A statement that each connection has PostgreSQL parse and plan once, under its name,
 * rather than on every call. For short statements run on every delivery or request,
 * whose plan does not depend on their values. Not for the webhook claim: its generic plan
 * read twice the pages of the one planned for each call's values. Through PgBouncer they
 * need its `max_prepared_statements`, or DATABASE_PREPARED_STATEMENTS off.
 *
 * After a restore or a migration PostgreSQL plans a prepared statement again, from its
 * text, but keeps the types of its parameters and refuses a new type for its columns. The
 * schema's enums are new types after a restore (`pg_restore --clean`), so a prepared
 * statement neither takes nor returns one: a parameter is cast through text
 * (`$2::text::"Environment"`, everywhere in this lib) and an enum column is returned as
 * text (`mode::text AS mode`). Otherwise every connection that prepared it answers
 * "cache lookup failed for type" or "cached plan must not change result type" until it
 * closes. A migration never changes the type of a column the previous release reads
 * (deploy/README.md, "Upgrades"), so a column's built-in type stays what it was prepared with.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

export const prepared = (name: string, text: string): PreparedStatement => ({ name, text });

/** SQL text, planned at each call, or a prepared statement. */
export type Statement = string | PreparedStatement;

/** The query node-postgres runs: a prepared statement keeps its name only when `prepare` is on. */
export const statementQuery = (statement: Statement, values: unknown[], prepare: boolean): QueryConfig =>
  typeof statement === 'string' ? { text: statement, values } : { ...(prepare ? { name: statement.name } : {}), text: statement.text, values };
