import type { QueryConfig } from 'pg';

/**
 * A statement that each connection has PostgreSQL parse and plan once, under its name,
 * rather than on every call. For short statements run on every delivery or request,
 * whose plan does not depend on their values. Not for the webhook claim: its generic plan
 * read twice the pages of the one planned for each call's values. Through PgBouncer they
 * need its `max_prepared_statements`, or DATABASE_PREPARED_STATEMENTS off.
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
