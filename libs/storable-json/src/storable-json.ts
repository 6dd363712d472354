/** Where a fault lies inside a JSON value: field names and array indexes from its root. */
export type JsonPath = (string | number)[];

export interface JsonFault {
  path: JsonPath;
  /** What is wrong, in words that follow the path: "contains a NUL character …". */
  problem: string;
}

/**
 * How deeply objects and arrays may nest in a request (`{}` is one level). A design
 * document needs about 14; the bound keeps every recursive step after parsing (the gateway's
 * input checks (ajv), the services' own walks) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

// Read by code points (the u flag), a surrogate is one only when unpaired: what
// String.prototype.isWellFormed says, in the browsers the editor supports (it checks edits with this too).
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Why PostgreSQL could not store `text` as it is, or null. Its text and jsonb types refuse
 * the NUL character, and a lone UTF-16 surrogate (which JSON's `\ud800` escape makes) has
 * no UTF-8 encoding: the driver would store U+FFFD in its place, silently another string.
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000), which cannot be stored';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate, which is not Unicode text';
  return null;
}

function faultIn(value: unknown, depth: number, maxDepth: number): JsonFault | null {
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem ? { path: [], problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  // Checked before going down, so that the walk itself never nests deeper than maxDepth.
  if (depth >= maxDepth) return { path: [], problem: `is nested more than ${maxDepth} levels deep` };
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [name, item] of entries) {
    const nameProblem = typeof name === 'string' ? unstorableText(name) : null;
    if (nameProblem) return { path: [name], problem: `is a field whose name ${nameProblem}` };
    const fault = faultIn(item, depth + 1, maxDepth);
    if (fault) return { path: [name, ...fault.path], problem: fault.problem };
  }
  return null;
}

/**
 * The first part of a parsed JSON value that no service may take: nesting deeper than
 * `maxDepth`, or a string or field name PostgreSQL cannot store. Null when there is none.
 */
export function findJsonFault(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonFault | null {
  return faultIn(value, 0, maxDepth);
}

const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * `user.id`, `doc.body.rows[0]`, `merge.contact["first name"]`: a path after `root` (which
 * may be empty). Odd names are JSON-quoted, so a name holding the faulty text is shown
 * escaped and the message stays valid text.
 */
export function formatJsonPath(root: string, path: JsonPath): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === 'number') return `${text}[${part}]`;
    if (!PLAIN_NAME.test(part)) return `${text}[${JSON.stringify(part)}]`;
    return text ? `${text}.${part}` : part;
  }, root);
}
