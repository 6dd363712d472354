import fc from 'fast-check';
import { damagedBytes, deepJson, hostileText, hostileValue, hugeText, jsonText, type JsonSchema, mutated, notJson, resolveSchema, validValue } from './fuzz-values';
import type { RawRequest } from './raw-http';

/** One operation of the served OpenAPI document, as the fuzzer needs it. */
export interface FuzzOperation {
  operationId: string;
  method: string;
  /** `/embed/v1/users/{userId}/designs` */
  template: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  headerParams: string[];
  /** Content types of the request body (none for a call without a body). */
  bodyTypes: string[];
  bodySchema?: JsonSchema;
  auth: 'secretKey' | 'editorToken' | 'none';
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** Every operation the document lists: new endpoints are fuzzed without a change here. */
export function operationsOf(document: Record<string, any>): FuzzOperation[] {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method];
      const parameters: any[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const content: Record<string, any> = operation.requestBody?.content ?? {};
      const security = Object.keys(operation.security?.[0] ?? {})[0];
      return {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        template,
        // From the template itself: a preflight lists no parameters, yet its path has them.
        pathParams: [...template.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        headerParams: parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
        bodyTypes: Object.keys(content),
        bodySchema: content['application/json']?.schema,
        auth: security === 'secretKey' || security === 'editorToken' ? security : 'none',
      } satisfies FuzzOperation;
    }),
  );
}

/** What exists on the stack, so that most requests get past authentication and reach the services. */
export interface FuzzContext {
  port: number;
  components: Record<string, JsonSchema>;
  credentials: {
    secretKey: string;
    editorToken: string;
    /** Keys and tokens that must be refused: revoked, of another kind, malformed. */
    refused: string[];
  };
  /** The origin the editor token was minted for. */
  origin: string;
  /** Values that name something that exists, by path parameter name or body field path (`user.id`, `doc`). */
  known: Record<string, unknown[]>;
  /** A small image the upload accepts. */
  image: Buffer;
}

/** A generated request, with what the fuzzer did to it (for the report) and whether it is still well-formed HTTP. */
export interface FuzzRequest extends RawRequest {
  operationId: string;
  changes: string[];
  /**
   * Broken below HTTP's semantics (framing, syntax, method token): answered by the
   * server's parser, not an operation, so only the error shape is judged.
   */
  malformedHttp: boolean;
}

const printable = (char: string) => char >= ' ' && char !== '\u007f';

/** The value once in `odds` times, else null (fc.option's `freq` counts the other way round). */
const onceIn = <T>(odds: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: odds - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

const percentEncode = (bytes: number[]) => bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** A path parameter a router or a decoder may choke on. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%', '%G0', 'a%', '%E0%A4%A', '%C0%AF', '%C0%80', '%E0%80%AF', '%ED%A0%80', '%ED%BF%BF', '%F4%90%80%80', '%FF', '%00', 'a%00b',
    '%2F', '%2e%2e', '..', '.', '%252F', '%u0041', ';x=1', '~', '*', '%20', '+', '%0D%0A', '%3Cscript%3E', '%EF%BB%BF', '%F0%9F%99%82',
  ),
  hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom(...[0xd800, 0xdfff].map((code) => percentEncode([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]))),
  fc.constantFrom(257, 4096, 4097, 9_000).map((length) => 'a'.repeat(length)),
  fc.constant(''),
);

/** Changes to a whole path: trailing and doubled slashes, dot segments, case, extra or missing segments. */
const pathDamage: fc.Arbitrary<[string, (path: string) => string]> = fc.constantFrom<[string, (path: string) => string]>(
  ['trailing slash', (path) => `${path}/`],
  ['two trailing slashes', (path) => `${path}//`],
  ['doubled slash', (path) => path.replace('/v1/', '/v1//')],
  ['leading doubled slash', (path) => `/${path}`],
  ['dot segment', (path) => path.replace('/v1/', '/v1/./')],
  ['dot-dot segment', (path) => path.replace('/v1/', '/v1/x/../')],
  ['encoded dot-dot', (path) => path.replace('/v1/', '/v1/x/%2e%2e/')],
  ['upper case', (path) => path.toUpperCase()],
  ['extra segment', (path) => `${path}/extra`],
  ['last segment dropped', (path) => path.slice(0, path.lastIndexOf('/'))],
  ['encoded last slash', (path) => path.replace(/(?<=.)\/(?=[^/]*$)/, '%2F')],
  ['fragment', (path) => `${path}#frag`],
  ['absolute form', (path) => `http://127.0.0.1${path}`],
  ['semicolon parameter', (path) => `${path};jsessionid=1`],
);

function pathOf(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<{ path: string; changes: string[] }> {
  const segments = operation.pathParams.map((name) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...((context.known[name] ?? ['x']) as string[])).map((value) => ({ value: encodeURIComponent(value), change: '' })) },
      { weight: 3, arbitrary: hostileSegment.map((value) => ({ value, change: `${name}=${value.slice(0, 40)}` })) },
    ),
  );
  return fc.tuple(fc.tuple(...segments), onceIn(5, pathDamage)).map(([values, damage]) => {
    let index = 0;
    let path = operation.template.replace(/\{[^{}]+\}/g, () => values[index++].value);
    const changes = values.map((value) => value.change).filter(Boolean);
    if (damage) {
      path = damage[1](path);
      changes.push(damage[0]);
    }
    return { path, changes };
  });
}

const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '0', '-1', '1.5', '1e2', '0x10', ' 5', '5 ', '201', '99999999999999999999999', 'abc', '%ZZ', '%00', '%ED%A0%80', '%C0%AF', 'null', '[]'),
  hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
  hugeText.filter((text) => text.length < 10_000).map(encodeURIComponent),
);

function queryOf(operation: FuzzOperation): fc.Arbitrary<{ query: string; changes: string[] }> {
  const declared = operation.queryParams.map(({ name, schema }) =>
    onceIn(
      2,
      fc.oneof(
        { weight: 2, arbitrary: validValue(schema, {}, {}).map((value) => ({ part: `${name}=${encodeURIComponent(String(value))}`, change: '' })) },
        { weight: 3, arbitrary: hostileQueryValue.map((value) => ({ part: `${name}=${value}`, change: `?${name}=${value.slice(0, 40)}` })) },
        { weight: 1, arbitrary: fc.constantFrom(`${name}=1&${name}=2`, `${name}[]=1`, `${name}[a]=1`, name).map((part) => ({ part, change: `?${part}` })) },
      ),
    ),
  );
  const extra = onceIn(
    4,
    fc.constantFrom('unknown=1', '__proto__=x', 'constructor[prototype][x]=1', '&&&', '=', '%ZZ=1', 'a=%', `pad=${'a'.repeat(3000)}`).map((part) => ({ part, change: `?${part.slice(0, 40)}` })),
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => {
    const all = [...parts, more].filter((part): part is { part: string; change: string } => part !== null);
    return { query: all.length ? `?${all.map(({ part }) => part).join('&')}` : '', changes: all.map(({ change }) => change).filter(Boolean) };
  });
}

function authorizationOf(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<{ value?: string; change: string }> {
  const own = operation.auth === 'editorToken' ? context.credentials.editorToken : context.credentials.secretKey;
  const other = operation.auth === 'editorToken' ? context.credentials.secretKey : context.credentials.editorToken;
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant({ value: `Bearer ${own}`, change: '' }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<[string | undefined, string]>(
          [undefined, 'no Authorization'],
          ['Bearer', 'empty bearer'],
          ['Bearer ', 'empty bearer'],
          [`Basic ${Buffer.from('a:b').toString('base64')}`, 'Basic auth'],
          [`bearer ${own}`, 'lower-case scheme'],
          [`Bearer  ${own}`, 'two spaces'],
          [`Bearer ${own}x`, 'credential changed'],
          [`Bearer ${other}`, 'credential of the other API'],
          [`Bearer ${'a'.repeat(8_000)}`, 'long credential'],
          ...context.credentials.refused.map((refused): [string, string] => [`Bearer ${refused}`, 'refused credential']),
        )
        .map(([value, change]) => ({ value, change })),
    },
    {
      weight: 1,
      // Control characters would make it bad HTTP, which the transport damage covers.
      arbitrary: hostileText.map((text) => ({ value: `Bearer ${Buffer.from(text, 'utf8').toString('latin1').split('').filter(printable).join('')}`, change: 'hostile credential' })),
    },
  );
}

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/merge-patch+json', 'application/json, text/plain', 'image/png', 'image/svg+xml', '*/*', 'json',
  '', 'application/jsonx', 'APPLICATION/JSON', 'application/json;', 'application/json; boundary="',
];

/** The body of a call that takes one: valid, changed in a few places, random JSON, damaged bytes or no JSON at all. */
function bodyOf(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<{ body?: Buffer; type?: string; changes: string[] }> {
  const isJson = operation.bodyTypes.includes('application/json');
  const schema = resolveSchema(operation.bodySchema, context.components);
  const valid = isJson ? validValue(schema, context.components, context.known) : fc.constant(null);
  const declared = fc.constantFrom(...(operation.bodyTypes.length ? operation.bodyTypes : ['application/json']));
  const jsonBody = (value: unknown) => Buffer.from(jsonText(value), 'utf8');
  const content = isJson
    ? fc.oneof(
        { weight: 2, arbitrary: valid.map((value) => ({ body: jsonBody(value), change: '' })) },
        { weight: 8, arbitrary: valid.chain(mutated).map((value) => ({ body: jsonBody(value), change: `body ${jsonText(value).slice(0, 80)}` })) },
        { weight: 1, arbitrary: fc.oneof(fc.jsonValue(), hostileValue, deepJson).map((value) => ({ body: jsonBody(value), change: 'random JSON body' })) },
        { weight: 1, arbitrary: valid.chain((value) => damagedBytes(jsonText(value))).map((body) => ({ body, change: 'damaged bytes' })) },
        { weight: 1, arbitrary: notJson.map((body) => ({ body, change: 'not JSON' })) },
      )
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant({ body: context.image, change: '' }) },
        { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ body: Buffer.concat([context.image.subarray(0, 8), bytes]), change: 'image header then garbage' })) },
        { weight: 2, arbitrary: notJson.map((body) => ({ body, change: 'not an image' })) },
        { weight: 1, arbitrary: fc.constant({ body: Buffer.alloc(1_200_000, 7), change: 'large body' }) },
      );
  const type = fc.oneof(
    { weight: 8, arbitrary: declared.map((value) => ({ value: value as string | undefined, change: '' })) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(undefined, ...CONTENT_TYPES, ...operation.bodyTypes.map((t) => t.toUpperCase())).map((value) => ({ value, change: `Content-Type ${value}` })) },
  );
  return fc.tuple(content, type).map(([{ body, change }, { value, change: typeChange }]) => ({ body, type: value, changes: [change, typeChange].filter(Boolean) }));
}

/** A body sent where none is expected, now and then. */
const strayBody: fc.Arbitrary<{ body?: Buffer; type?: string; changes: string[] }> = onceIn(
  6,
  fc.tuple(fc.oneof(notJson, fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null'))), fc.constantFrom<string | undefined>(undefined, 'application/json', 'text/plain')),
).map((stray) => (stray ? { body: stray[0], type: stray[1], changes: [`stray body (${stray[1]})`] } : { changes: [] }));

/** Header oddities any endpoint may receive; each is still valid HTTP. */
const oddHeader: fc.Arbitrary<[string, string]> = fc.constantFrom<[string, string]>(
  ['traceparent', '00-zz-zz-01'],
  ['traceparent', `00-${'0'.repeat(32)}-${'0'.repeat(16)}-01`],
  ['traceparent', `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01-extra`],
  ['tracestate', 'a=1,'.repeat(100)],
  ['baggage', '%ZZ=%ZZ'],
  ['x-forwarded-for', 'not-an-ip, ::1, 999.1.1.1'],
  ['request-id', 'caller-chosen'],
  ['accept', 'text/html'],
  ['accept', 'application/json;q=abc'],
  ['accept-encoding', 'gzip;q=x, br, *'],
  ['if-none-match', '*'],
  ['range', 'bytes=10-5'],
  ['cookie', 'a=%ZZ; b'],
  ['content-encoding', 'gzip'],
  ['content-encoding', 'x-unknown'],
  ['expect', '100-continue'],
  ['connection', 'upgrade'],
  ['upgrade', 'websocket'],
  ['x-pad', 'a'.repeat(9_000)],
  ['x-latin1', '\u00e9\u00ff'],
  ['origin', 'null'],
  ['origin', 'https://evil.example'],
);

const idempotencyKey: fc.Arbitrary<{ value?: string; change: string }> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ value: undefined, change: '' }) },
  { weight: 2, arbitrary: fc.constantFrom('key-1', 'key-2', 'key-3').map((value) => ({ value, change: `Idempotency-Key ${value}` })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('', ' ', 'a'.repeat(256), 'a'.repeat(5_000), '\u00e9', '\u00ff\u00fe', 'tab\there', 'key-1, key-2')
      .map((value) => ({ value, change: `Idempotency-Key ${JSON.stringify(value.slice(0, 30))}` })),
  },
);

const originOf = (context: FuzzContext): fc.Arbitrary<{ value?: string; change: string }> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant({ value: context.origin, change: '' }) },
    { weight: 2, arbitrary: fc.constantFrom(undefined, 'null', 'https://evil.example', `${context.origin}/`, `${context.origin}:443`, context.origin.toUpperCase(), 'a'.repeat(3_000)).map((value) => ({ value, change: `Origin ${String(value).slice(0, 40)}` })) },
  );

/** Requests broken below the HTTP semantics: method tokens, framing, header syntax. */
const transportDamage: fc.Arbitrary<[string, (request: RawRequest) => RawRequest]> = fc.constantFrom<[string, (request: RawRequest) => RawRequest]>(
  ['unknown method', (r) => ({ ...r, method: 'FROB' })],
  ['lower-case method', (r) => ({ ...r, method: r.method.toLowerCase() })],
  ['CONNECT', (r) => ({ ...r, method: 'CONNECT', target: '127.0.0.1:1' })],
  ['TRACE', (r) => ({ ...r, method: 'TRACE' })],
  ['no Host', (r) => ({ ...r, headers: r.headers.filter(([name]) => name.toLowerCase() !== 'host') })],
  ['two Hosts', (r) => ({ ...r, headers: [...r.headers, ['Host', 'other.example']] })],
  ['HTTP/1.0', (r) => ({ ...r, version: '1.0' })],
  ['HTTP/2.0', (r) => ({ ...r, version: '2.0' })],
  ['unknown Expect', (r) => ({ ...r, headers: [...r.headers, ['Expect', 'the-unexpected']] })],
  ['header name with a space', (r) => ({ ...r, headers: [...r.headers, ['Bad Name', 'x']] })],
  ['control character in a header', (r) => ({ ...r, headers: [...r.headers, ['X-Ctl', 'a\u0001b']] })],
  ['NUL in a header', (r) => ({ ...r, headers: [...r.headers, ['X-Nul', 'a\u0000b']] })],
  ['space in the path', (r) => ({ ...r, target: `${r.target.split('?')[0]} x` })],
  ['raw UTF-8 in the path', (r) => ({ ...r, target: `${r.target}${Buffer.from('é', 'utf8').toString('latin1')}` })],
  ['header too large', (r) => ({ ...r, headers: [...r.headers, ['X-Pad', 'a'.repeat(20_000)]] })],
  // The rest of the body is then read as a second request, which is not HTTP.
  ['Content-Length 0 before a body', (r) => ({ ...r, headers: withLength(r, '0') })],
  ['short Content-Length', (r) => ({ ...r, headers: withLength(r, String(Math.floor((r.body?.length ?? 0) / 2))) })],
  ['Content-Length not a number', (r) => ({ ...r, headers: withLength(r, 'abc') })],
  ['negative Content-Length', (r) => ({ ...r, headers: withLength(r, '-1') })],
  ['two different Content-Lengths', (r) => ({ ...r, headers: [...withLength(r, String(r.body?.length ?? 0)), ['Content-Length', String((r.body?.length ?? 0) + 1)]] })],
  ['Content-Length and chunked', (r) => ({ ...chunked(r), headers: [...chunked(r).headers, ['Content-Length', String(r.body?.length ?? 0)]] })],
  ['bad chunk size', (r) => ({ ...r, headers: [...withoutLength(r), ['Transfer-Encoding', 'chunked']], body: Buffer.from('zz\r\nabc\r\n0\r\n\r\n') })],
  ['unknown Transfer-Encoding', (r) => ({ ...r, headers: [...withoutLength(r), ['Transfer-Encoding', 'gzip, chunked, identity']] })],
);

/** Well-formed framing that is still unusual. */
const oddFraming: fc.Arbitrary<[string, (request: RawRequest) => RawRequest]> = fc.constantFrom<[string, (request: RawRequest) => RawRequest]>(
  ['chunked', chunked],
  ['Content-Length with leading zeros', (r) => ({ ...r, headers: withLength(r, `000${r.body?.length ?? 0}`) })],
);

const withoutLength = (r: RawRequest) => r.headers.filter(([name]) => name.toLowerCase() !== 'content-length');
const withLength = (r: RawRequest, value: string): [string, string][] => [...withoutLength(r), ['Content-Length', value]];

function chunked(r: RawRequest): RawRequest {
  const body = r.body ?? Buffer.alloc(0);
  const pieces = [body.subarray(0, Math.ceil(body.length / 2)), body.subarray(Math.ceil(body.length / 2))].filter((piece) => piece.length);
  const framed = Buffer.concat([...pieces.flatMap((piece) => [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')]);
  return { ...r, headers: [...withoutLength(r), ['Transfer-Encoding', 'chunked']], body: framed };
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** One request to one of the document's operations, changed in a few ways a hostile client would. */
export function fuzzRequest(operations: FuzzOperation[], context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) => {
    const takesBody = operation.bodyTypes.length > 0;
    return fc
      .record({
        method: onceIn(10, fc.constantFrom(...OTHER_METHODS)),
        path: pathOf(operation, context),
        query: queryOf(operation),
        authorization: authorizationOf(operation, context),
        origin: operation.auth === 'editorToken' ? originOf(context) : fc.constant({ value: undefined, change: '' }),
        idempotency: operation.headerParams.includes('idempotency-key') ? idempotencyKey : fc.constant({ value: undefined, change: '' }),
        body: takesBody ? bodyOf(operation, context) : strayBody,
        extraHeaders: fc.array(oddHeader, { maxLength: 2 }),
        framing: onceIn(8, oddFraming),
        transport: onceIn(12, transportDamage),
      })
      .map((parts) => assemble(operation, context, parts));
  });
}

interface Parts {
  method: string | null;
  path: { path: string; changes: string[] };
  query: { query: string; changes: string[] };
  authorization: { value?: string; change: string };
  origin: { value?: string; change: string };
  idempotency: { value?: string; change: string };
  body: { body?: Buffer; type?: string; changes: string[] };
  extraHeaders: [string, string][];
  framing: [string, (request: RawRequest) => RawRequest] | null;
  transport: [string, (request: RawRequest) => RawRequest] | null;
}

function assemble(operation: FuzzOperation, context: FuzzContext, parts: Parts): FuzzRequest {
  const headers: [string, string][] = [['Host', `127.0.0.1:${context.port}`]];
  const add = (name: string, value: string | undefined) => value !== undefined && headers.push([name, value]);
  add('Authorization', parts.authorization.value);
  add('Origin', parts.origin.value);
  add('Idempotency-Key', parts.idempotency.value);
  add('Content-Type', parts.body.type);
  headers.push(...parts.extraHeaders);
  if (parts.body.body) headers.push(['Content-Length', String(parts.body.body.length)]);
  headers.push(['Connection', 'close']);
  let request: RawRequest = { method: parts.method ?? operation.method, target: `${parts.path.path}${parts.query.query}`, headers, body: parts.body.body };
  const changes = [
    ...(parts.method ? [`method ${parts.method}`] : []),
    ...parts.path.changes,
    ...parts.query.changes,
    parts.authorization.change,
    parts.origin.change,
    parts.idempotency.change,
    ...parts.body.changes,
    ...parts.extraHeaders.map(([name, value]) => `${name}: ${value.slice(0, 30)}`),
  ].filter(Boolean);
  for (const damage of [parts.framing, parts.transport]) {
    if (damage) {
      request = damage[1](request);
      changes.push(damage[0]);
    }
  }
  // A space or control character in the request target (a hostile query value is sent as is) is no HTTP either.
  const malformedHttp = parts.transport !== null || [...request.target].some(isNotHttpTargetCharacter);
  return { ...request, operationId: operation.operationId, changes, malformedHttp };
}

/** A space or a control character: HTTP's request target has neither. */
function isNotHttpTargetCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return /\s/.test(character) || code < 0x20 || code === 0x7f;
}
