import type { TSchema } from '@sinclair/typebox';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { CreateTokenBodySchema, ExportBodySchema, isMergeUrl, MERGE_LIMITS, RenderBodySchema } from '@embed/contracts';
import { InputPipe } from '../http/inputs';
import { Components } from './components';

// Random bodies, near every limit and every wrong type: the gateway's input pipe takes a
// body exactly when the OpenAPI document's schema of it (its parts made components) does, so an integrator who checks
// a body against the document learns what the server will answer. The document says what
// its `uri` format means (an absolute http, https or mailto URI): that meaning is checked here.

const ajv = new Ajv2020({ strict: true, allErrors: false, formats: { uri: isMergeUrl } });

/** The body's schema as the document holds it, its references to components resolved. */
function documentCheck(schema: TSchema) {
  const components = new Components();
  const $ref = String(components.refer(schema, { open: false }).$ref);
  const defs = JSON.stringify(components.schemas).replaceAll('#/components/schemas/', '#/$defs/');
  return ajv.compile({ $defs: JSON.parse(defs), $ref: $ref.replace('#/components/schemas/', '#/$defs/') });
}

function pipeTakes(schema: TSchema, body: unknown): boolean {
  try {
    new InputPipe(schema, 'body').transform(body);
    return true;
  } catch {
    return false;
  }
}

const around = (limit: number) => fc.integer({ min: Math.max(0, limit - 1), max: limit + 1 });
const textOf = (length: fc.Arbitrary<number>) => length.chain((size) => fc.string({ unit: 'grapheme', minLength: size, maxLength: size }));
const shortText = fc.string({ maxLength: 4 });
const anything = fc.jsonValue({ maxDepth: 2 });
/** A field's value: mostly one of `likely`, else any JSON value at all. */
const field = <T>(likely: fc.Arbitrary<T>) => fc.oneof({ arbitrary: likely, weight: 14 }, { arbitrary: anything, weight: 1 });
const unlisted = fc.oneof({ arbitrary: fc.constant(null), weight: 12 }, { arbitrary: fc.constantFrom('colour', 'email', 'constructor', '__proto__'), weight: 1 });
/** An object of `fields`, those not `required` sometimes left out, sometimes with a field no schema lists. */
const objectOf = (fields: Record<string, fc.Arbitrary<unknown>>, required: string[] = []) =>
  fc.tuple(fc.record(fields, { requiredKeys: required }), unlisted, anything).map(
    ([body, extra, value]) => (extra === null ? body : { ...body, [extra]: value }),
  );

const address = fc.oneof(
  fc.webUrl(),
  fc.constantFrom('mailto:a@shop.example', 'ftp://shop.example/x', 'javascript:alert(1)', '/relative', 'shop.example', 'https://', 'tel:+123'),
  around(MERGE_LIMITS.url).map((length) => `https://shop.example/${'a'.repeat(length - 'https://shop.example/'.length)}`),
  shortText,
);
const contact = fc.oneof(
  fc.dictionary(fc.oneof(shortText, textOf(around(MERGE_LIMITS.contactKey))), field(fc.oneof(shortText, textOf(around(MERGE_LIMITS.contactValue)))), { maxKeys: 4 }),
  around(MERGE_LIMITS.contactFields).map((count) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 'v']))),
);
const merge = field(objectOf({ contact: field(contact), unsubscribeUrl: field(address), preferencesUrl: field(address) }));
const text = field(objectOf({ links: field(fc.boolean()), images: field(fc.boolean()), preheader: field(fc.boolean()) }));
const user = field(objectOf({ id: field(fc.oneof(shortText, textOf(around(256)))) }, ['id']));

const BODIES: [TSchema, fc.Arbitrary<unknown>][] = [
  [ExportBodySchema, objectOf({ user, merge, text, format: field(fc.constantFrom('html', 'zip', 'pdf', 'png', 'docx')), fullPage: field(fc.boolean()) }, ['user'])],
  [RenderBodySchema, objectOf({ doc: field(fc.dictionary(shortText, anything, { maxKeys: 2 })), designId: field(fc.stringMatching(/^[0-9A-Za-z]{25,27}$/)), merge, text }, ['doc'])],
  [CreateTokenBodySchema, objectOf({ user, origin: field(fc.constantFrom('https://app.example', '')), ttl: field(fc.integer({ min: 0, max: 1000 })) }, ['user', 'origin'])],
];

describe('the OpenAPI document and the input pipe', () => {
  it.each(BODIES.map(([schema, body]) => [schema.title, schema, body] as const))('take the same %s bodies', async (_name, schema, body) => {
    const documentTakes = documentCheck(schema);
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        // As the body arrives: parsed from JSON.
        const arrived = JSON.parse(JSON.stringify(value)) as unknown;
        const expected = documentTakes(arrived);
        if (expected) taken += 1;
        expect({ body: arrived, taken: pipeTakes(schema, arrived) }).toEqual({ body: arrived, taken: expected });
      }),
      { numRuns: 400 },
    );
    // Neither every body nor none (one in ten or twenty is taken): a property that held only for refusals would prove little.
    expect(taken).toBeGreaterThanOrEqual(5);
    expect(taken).toBeLessThanOrEqual(395);
  }, 120_000);
});
