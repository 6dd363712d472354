import { parse } from 'libpg-query';

/** One migration's SQL, as in prisma/migrations/<name>/migration.sql. */
export interface Migration {
  name: string;
  sql: string;
}

/**
 * A node of PostgreSQL's own parse tree (libpg-query): `{ Kind: { ...fields } }`. Read
 * loosely: only the few kinds and fields below matter, and a field missing is undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>;

/**
 * What is new since the last release: a table made or a column added by one of the
 * migrations checked, which the previous release never reads or writes, so anything
 * may be done to it.
 */
class NewSinceRelease {
  private readonly tables = new Set<string>();
  private readonly columns = new Set<string>();

  addTable(table: string): void {
    this.tables.add(table);
  }

  addColumn(table: string, column: string): void {
    this.columns.add(`${table}.${column}`);
  }

  hasTable(table: string): boolean {
    return this.tables.has(table);
  }

  hasColumn(table: string, column: string): boolean {
    return this.tables.has(table) || this.columns.has(`${table}.${column}`);
  }
}

const kindOf = (node: Node) => Object.keys(node)[0];
const names = (list: Node[] | undefined) => (list ?? []).map((item) => item.String?.sval as string);

/** The columns an expression names (a CHECK constraint's). */
function columnsIn(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(columnsIn);
  const ref = (node as Node)['ColumnRef'];
  if (ref) return names(ref.fields).filter(Boolean).slice(-1);
  return Object.values(node as Node).flatMap(columnsIn);
}

/** The columns a table constraint covers: its keys, its foreign key's columns, or what its CHECK reads. */
function constraintColumns(constraint: Node): string[] {
  return [...names(constraint['keys']), ...names(constraint['fk_attrs']), ...columnsIn(constraint['raw_expr'])];
}

function addedColumnProblem(table: string, column: Node, news: NewSinceRelease): string | undefined {
  const kinds = (column['constraints'] ?? []).map((constraint: Node) => constraint['Constraint'].contype as string);
  const required = kinds.includes('CONSTR_NOTNULL') || kinds.includes('CONSTR_PRIMARY');
  const filled = kinds.some((kind: string) => ['CONSTR_DEFAULT', 'CONSTR_IDENTITY', 'CONSTR_GENERATED'].includes(kind));
  if (required && !filled && !news.hasTable(table)) {
    return `adds the required column "${table}"."${column['colname']}" without a default: the previous release's inserts do not set it`;
  }
  return undefined;
}

/** Problems of one ALTER TABLE command on `table`. */
function alterTableProblem(table: string, command: Node, news: NewSinceRelease): string | undefined {
  const { subtype, name, def } = command;
  const isNew = name !== undefined && news.hasColumn(table, name);
  switch (subtype) {
    case 'AT_AddColumn': {
      const problem = addedColumnProblem(table, def['ColumnDef'], news);
      news.addColumn(table, def['ColumnDef'].colname);
      return problem;
    }
    case 'AT_DropColumn':
      return isNew ? undefined : `drops the column "${table}"."${name}", which the previous release reads`;
    case 'AT_AlterColumnType':
      return isNew ? undefined : `changes the type of "${table}"."${name}", which the previous release reads and writes`;
    case 'AT_SetNotNull':
      return isNew ? undefined : `makes "${table}"."${name}" required, which the previous release may leave empty`;
    case 'AT_ColumnDefault':
      // With a def it sets a default, which is harmless; without, it drops it.
      return isNew || def ? undefined : `drops the default of "${table}"."${name}", which the previous release's inserts may rely on`;
    case 'AT_AddConstraint': {
      const columns = constraintColumns(def['Constraint']);
      const old = columns.filter((column) => !news.hasColumn(table, column));
      return old.length === 0 ? undefined : `adds a constraint on "${table}" (${old.join(', ')}) that the previous release's writes may break`;
    }
    default:
      return undefined;
  }
}

/** Problems of one statement; records what it makes new. */
function statementProblems(statement: Node, news: NewSinceRelease): string[] {
  const kind = kindOf(statement);
  const node = statement[kind];
  switch (kind) {
    case 'CreateStmt':
      news.addTable(node.relation.relname);
      return [];
    case 'AlterTableStmt': {
      if (node.objtype !== 'OBJECT_TABLE') return [];
      const table = node.relation.relname;
      return node.cmds.flatMap((command: Node) => alterTableProblem(table, command['AlterTableCmd'], news) ?? []);
    }
    case 'RenameStmt':
      // An index's name is the database's own business; anything else is a name the previous release uses.
      return node.renameType === 'OBJECT_INDEX' ? [] : [`renames ${node.relation?.relname ? `"${node.relation.relname}"` : 'an object'}${node.subname ? `."${node.subname}"` : ''} to "${node.newname}", which the previous release still uses by its name`];
    case 'DropStmt': {
      if (node.removeType === 'OBJECT_INDEX') return [];
      const dropped = (node.objects as Node[]).map((object) => names(object['List']?.items ?? object['TypeName']?.names).join('.'));
      const old = dropped.filter((name) => !(node.removeType === 'OBJECT_TABLE' && news.hasTable(name.split('.').pop() ?? '')));
      return old.map((name) => `drops ${node.removeType.replace('OBJECT_', '').toLowerCase()} "${name}", which the previous release uses`);
    }
    case 'AlterEnumStmt':
      return node.oldVal ? [`renames the value "${node.oldVal}" of the type "${names(node.typeName).join('.')}", which the previous release writes`] : [];
    case 'IndexStmt': {
      const table = node.relation.relname;
      const old = (node.indexParams as Node[]).map((param) => param['IndexElem'].name as string).filter((column) => column && !news.hasColumn(table, column));
      return node.unique && old.length > 0 ? [`adds a unique index on "${table}" (${old.join(', ')}) that the previous release's writes may break`] : [];
    }
    default:
      return [];
  }
}

/** A contract step says so in a comment of its statement, naming why no running release reads what it removes. */
const CONTRACT_MARK = /^[ \t]*--[ \t]*contract:[ \t]*\S/m;

/**
 * The rule every migration after a release follows, so that the pods of that release keep
 * working against the new schema while the new release rolls out (expand, then contract:
 * deploy/README.md, "Upgrades"): it may add tables, columns that are nullable or have a
 * default, indexes, enum values and constraints on what it adds, and change data; it never
 * drops, renames or retypes a table, column or enum value that existed before, makes one
 * required, takes its default away, nor adds a constraint or unique index over existing
 * columns. The contract step, in a release after the one that stopped using something,
 * marks each of its statements with a `-- contract: <why>` comment. `migrations` are those
 * since the release, in order; the statements are read with PostgreSQL's own parser.
 * Returns one line per breaking statement.
 */
export async function expandContractProblems(migrations: Migration[]): Promise<string[]> {
  const news = new NewSinceRelease();
  const problems: string[] = [];
  for (const { name, sql } of migrations) {
    const { stmts } = await parse(sql);
    for (const { stmt, stmt_location: start = 0, stmt_len: length } of stmts) {
      const found = statementProblems(stmt, news);
      const text = sql.slice(start, length ? start + length : undefined);
      if (!CONTRACT_MARK.test(text)) problems.push(...found.map((problem) => `${name}: ${problem}`));
    }
  }
  return problems;
}
