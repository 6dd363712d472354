import fc from 'fast-check';
import { EVERY_SAMPLE } from '@embed/render-core/testing';

export type JsonSchema = Record<string, any>;

/** JSON text placed as it is inside a generated value: what JSON.stringify cannot write (1e309, 100 000 brackets). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The value as JSON text; RawJson parts are written as they are. Lone surrogates come out as `\udXXX` escapes. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Words among characters of every class a design may hold (docs/design-document.md, "Characters"): each must render. */
export const controlText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...EVERY_SAMPLE), fc.constantFrom('Spring', ' ', 'sale', '{{contact.first_name}}')), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));

/** Text a hostile client sends: NUL and control characters, lone surrogates, markup, escapes, injection attempts. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  controlText,
  fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '\ufeff', '\uffff', '\u202e', '\r\n', '\t', '%00', '%ZZ', '../..', '<script>alert(1)</script>',
    'javascript:alert(1)', '{{contact.first_name}}', '__proto__', 'constructor', "'; DROP TABLE designs; --", '\\', '"', '🙂', 'e\u0301',
    ...LONE_SURROGATES,
  ),
  fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\u0000', ...LONE_SURROGATES), fc.string({ maxLength: 5 })).map((parts) => parts.join('')),
);

/** Text past every length limit: user ids (256), names (200), URLs (2048), the router (4096), the body (1 MB). */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(201, 257, 2049, 4097, 70_000, 1_100_000), fc.constantFrom('a', 'é', '\u0000', '🙂'))
  // Past the 1 MiB body limit in plain letters only: escaped (NUL is 6 bytes of JSON) it would be several MiB.
  .map(([length, unit]) => unit.repeat(unit !== 'a' && length > 100_000 ? 100_000 : length));

/** Arrays or objects nested past any sane depth, written as text (building them as values would overflow our own stack). */
export const deepJson: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(33, 200, 5_000, 100_000), fc.boolean())
  .map(([levels, arrays]) => new RawJson(arrays ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`));

/** Numbers at the edges: JSON texts that parse to Infinity, -0, unsafe integers, tiny fractions. */
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 53 + 1, -(2 ** 31), 59, 61, 899, 901, 201, 1e21),
  fc.constantFrom('1e309', '-1e309', '-0', '1E400', '0.0000000000000000000000001', '123456789012345678901234567890').map((text) => new RawJson(text)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value where the schema wants something particular: of another type, hostile, huge, deep or random. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: deepJson },
  { weight: 2, arbitrary: edgeNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A field name nobody defined, or one that trips naive code. */
const extraFieldName = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'toString', 'extra', 'id', 'user', 'doc'), hostileText);

type Path = (string | number)[];

/** Every place in the value: the root, each object property and each array element (depth-first, at most `limit`). */
function placesIn(value: unknown, limit = 5_000): Path[] {
  const places: Path[] = [[]];
  const visit = (node: unknown, path: Path) => {
    if (places.length >= limit || node === null || typeof node !== 'object' || node instanceof RawJson) return;
    for (const [key, inner] of Object.entries(node)) {
      const place = [...path, Array.isArray(node) ? Number(key) : key];
      places.push(place);
      visit(inner, place);
    }
  };
  visit(value, []);
  return places;
}

type Mutation = { kind: 'replace'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: hostileValue.map((value) => ({ kind: 'replace' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  { weight: 2, arbitrary: fc.tuple(extraFieldName, hostileValue).map(([key, value]) => ({ kind: 'add' as const, key, value })) },
);

/** A copy of the value with one place changed (structuredClone keeps RawJson parts as plain objects, so copy by hand). */
function applyMutation(value: unknown, path: Path, change: Mutation): unknown {
  if (path.length === 0) {
    if (change.kind === 'replace') return change.value;
    if (change.kind === 'add' && value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
      return defineField({ ...value }, change.key, change.value);
    }
    return change.kind === 'delete' ? undefined : value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const inner = applyMutation(copy[head as number], rest, change);
    if (inner === undefined) copy.splice(head as number, 1);
    else copy[head as number] = inner;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const inner = applyMutation(copy[head as string], rest, change);
  if (inner === undefined) delete copy[head as string];
  else defineField(copy, head as string, inner);
  return copy;
}

/** Sets a field as its own property, even one named `__proto__`. */
function defineField(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** The value changed in 1 to 3 places chosen at random. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const places = placesIn(value);
  return fc
    .array(fc.tuple(fc.nat(places.length - 1), mutation), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((current, [place, change]) => applyMutation(current, places[place], change) ?? null, value));
}

/** Byte-level damage to a body: cut short, garbage after it, a BOM, bytes that are not UTF-8 (overlong, CESU surrogates, 0xFF). */
export function damagedBytes(text: string): fc.Arbitrary<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  const badUtf8 = fc.constantFrom([0xff], [0xc0, 0xaf], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0xaf], [0xf4, 0x90, 0x80, 0x80], [0x80]);
  return fc.oneof(
    fc.nat(Math.max(0, bytes.length - 1)).map((cut) => bytes.subarray(0, cut)),
    fc.constantFrom('x', '}', ',', '\u0000', ' {}').map((tail) => Buffer.concat([bytes, Buffer.from(tail)])),
    fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])),
    fc.tuple(fc.nat(Math.max(0, bytes.length - 1)), badUtf8).map(([at, bad]) => Buffer.concat([bytes.subarray(0, at), Buffer.from(bad), bytes.subarray(at)])),
  );
}

/** Bodies that are not JSON at all. */
export const notJson: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom('', 'hello', '<?xml version="1.0"?><a/>', 'a=1&b=2', 'null', 'undefined', 'NaN', '{', '[', "{'single':'quotes'}", '{"a":1,}', '\u0000').map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
);

/** Resolves a `$ref` into the document's components. */
export function resolveSchema(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): JsonSchema {
  if (!schema?.['$ref']) return schema ?? {};
  return components[String(schema['$ref']).split('/').pop() as string] ?? {};
}

/**
 * A value the schema accepts. `known` gives values that name something that exists
 * (a person, a design, an allowed origin, a design document), by field path, so that
 * valid requests reach the services and not only the validator.
 */
export function validValue(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, known: Record<string, unknown[]>, path = ''): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(schema, components);
  if (known[path]?.length) return fc.constantFrom(...known[path]);
  if (resolved['enum']) return fc.constantFrom(...(resolved['enum'] as unknown[]));
  const at = (name: string) => (path ? `${path}.${name}` : name);
  switch (resolved['type']) {
    case 'object': {
      const properties = (resolved['properties'] ?? {}) as Record<string, JsonSchema>;
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, validValue(inner, components, known, at(name))])),
        { requiredKeys: (resolved['required'] ?? []) as string[] },
      );
      const additional = resolved['additionalProperties'];
      if (additional && typeof additional === 'object') {
        const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), validValue(additional, components, known, at('*')), { maxKeys: 3 });
        return fc.tuple(record, extra).map(([fixed, more]) => ({ ...more, ...fixed }));
      }
      return record;
    }
    case 'string':
      if (resolved['format'] === 'uri') return fc.constantFrom('https://example.com/unsubscribe?u=1', 'mailto:someone@example.com');
      if (resolved['pattern']) return fc.stringMatching(new RegExp(resolved['pattern']));
      return fc.string({ minLength: resolved['minLength'] ?? 0, maxLength: Math.min(resolved['maxLength'] ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: resolved['minimum'] ?? -1000, max: resolved['maximum'] ?? 1000 });
    case 'number':
      return fc.double({ min: resolved['minimum'] ?? -1000, max: resolved['maximum'] ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(resolved['items'], components, known, at('[]')), { maxLength: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
