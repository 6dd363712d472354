import type { Type } from '@nestjs/common';
import type { TSchema } from '@sinclair/typebox';
import { HTTP_ANSWERS, WEBHOOK_EVENT_DATA, type WebhookEventType, eventSchemaName, webhookEventSchema } from '@embed/contracts';
import { EDITOR_PREFIX, EXPOSED_HEADERS, IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../http/api-surface';
import { RATE_LIMITS, RATE_WINDOW_SECONDS } from '../rate-limits/limits';
import { rateLimitOf } from '../rate-limits/rate-limit.guard';
import { answerExamples, errorExamples, webhookExamples } from './answer-examples';
import { type ControllerRoute, controllerRoutes } from './controller-routes';
import { docsOf, type ErrorAnswers, mergeErrors, type OperationDoc, type SecurityScheme } from './operation-doc';
import { Components, type JsonSchema } from './components';
import { SIGNATURE_PARAMETER, WEBHOOK_DESCRIPTION, webhookSummary } from './webhook-schemas';

export const OPENAPI_PATH = '/embed/v1/openapi.json';
export const REFERENCE_PATH = '/embed/v1/docs';

type Json = Record<string, unknown>;
const ref = (kind: 'schemas' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Where to read about the API, whatever their prefix. */
const REFERENCE_PATHS = ['/', OPENAPI_PATH, REFERENCE_PATH];

/** Tags in the order a reader wants them; an operation takes the first whose paths it is on. */
const TAGS: { name: string; description: string; has: (path: string) => boolean }[] = [
  { name: 'Server API', description: 'Called by the integrator’s server with a secret key.', has: (path) => path.startsWith('/embed/v1/') && !REFERENCE_PATHS.includes(path) },
  { name: 'Webhooks', description: 'What the service POSTs to the project’s webhook URL, signed with `Service-Signature`.', has: () => false },
  { name: 'Editor API', description: 'Called by the embedded editor with a token, for its one person.', has: (path) => path.startsWith(`${EDITOR_PREFIX}/`) },
  { name: 'Files', description: 'Exported files (on their signed link) and uploaded images.', has: (path) => path.startsWith('/files/v1/') },
  { name: 'Reference', description: 'Where to read about this API: this document, its reference page, and the home page.', has: (path) => REFERENCE_PATHS.includes(path) },
  { name: 'Operations', description: 'Liveness and readiness of the gateway.', has: () => true },
];

const HEADERS = {
  'Request-Id': { description: 'The id of this request, to quote to support. Made by the server, never taken from the caller.', required: true, schema: { type: 'string' } },
  RateLimit: { description: 'What remains of the operation’s limit: `"<operation>";r=<remaining>;t=<seconds>`, `t` being the wait until the oldest request counted leaves the sliding window.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The operation’s limit: `"<operation>";q=<requests>;w=<window seconds>`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Whole seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  Location: { description: 'Where the redirect leads, relative to this address.', required: true, schema: { type: 'string' } },
  [REPLAYED_HEADER]: { description: `\`true\` on the answer kept for an \`${IDEMPOTENCY_KEY_HEADER}\` and given again, not made anew.`, schema: { const: 'true' } },
};

const IDEMPOTENCY_KEY = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: [
    'Makes a retry safe: 1 to 255 printable ASCII characters, a new random one (a UUID) for each new request, the same on its retries.',
    'The first answer (2xx or 4xx; never a 5xx, which changed nothing) is kept 24 hours for the key, scoped to the secret key’s project and environment or to the editor token’s person,',
    'and the same request with the same key gets it again (with `Idempotent-Replayed: true`) without the work being done twice.',
    'The same key with another method, path or body, or while its first request is still running, is `409 idempotency_key_reused`.',
  ].join(' '),
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
};

/** A 409 of an idempotent operation carries it when the key's first request is still running. */
const KEY_IN_USE_RETRY_AFTER = {
  description: '`1` with `idempotency_key_reused` while the first request with this key is still running: try again then.',
  schema: { type: 'integer', minimum: 1 },
};

const SECURITY_SCHEMES: Record<SecurityScheme, Json> = {
  secretKey: { type: 'http', scheme: 'bearer', description: 'The project’s secret key (test or live); it decides the environment. Server to server only.' },
  editorToken: { type: 'http', scheme: 'bearer', description: 'An editor token from `POST /embed/v1/tokens`, sent with the browser’s `Origin`, which must be the token’s.' },
};

const CREDENTIAL: Record<SecurityScheme | 'none', string> = {
  secretKey: 'Send the project’s secret key: `Authorization: Bearer sk_test_…` or `sk_live_…` (the key decides the environment). From a server only: there is no CORS.',
  editorToken: 'Send an editor token (`Authorization: Bearer et_…`, from `createToken`) and the page’s `Origin`, which must be the token’s.',
  none: 'No credential: public, the same for everyone.',
};

/** Errors that add a field beside `error`, `code` and `requestId`, and the schema of that field. */
const ERROR_FIELDS: Record<string, [string, Json]> = { revision_conflict: ['design', ref('schemas', 'Design')] };

/** One error answer: `Error` with `code` narrowed to these codes, and a real answer of each as its examples. */
function errorResponse(status: string, codes: string[], headers: Json): Json {
  const fields = Object.fromEntries(codes.filter((code) => code in ERROR_FIELDS).map((code) => ERROR_FIELDS[code]));
  return {
    description: codes.map((code) => `\`${code}\`${code in ERROR_FIELDS ? ` (with \`${ERROR_FIELDS[code][0]}\`)` : ''}`).join(', '),
    headers,
    content: {
      'application/json': {
        schema: { ...ref('schemas', 'Error'), properties: { code: { enum: codes }, ...fields } },
        ...withExamples(errorExamples(status, codes)),
      },
    },
  };
}

const withExamples = (examples: Record<string, unknown>) => (Object.keys(examples).length > 0 ? { examples } : {});

/** Error answers every route of this kind can give, whatever its handler does. */
function implicitErrors(route: ControllerRoute, doc: OperationDoc, rateLimited: boolean, idempotent: boolean): ErrorAnswers {
  const hasBody = Boolean(route.body ?? doc.rawBody);
  return mergeErrors(
    idempotent ? { 400: ['request_invalid'], 409: ['idempotency_key_reused'] } : {},
    // The content-type check runs before routing: any request with a body of another type.
    { 415: ['request_invalid'] },
    // A path parameter, a catch-all one included, may be one the router cannot read.
    hasBody || route.params || route.query || doc.wildcard ? { 400: ['request_invalid'] } : {},
    hasBody ? { 413: ['request_invalid'] } : {},
    rateLimited ? { 429: ['rate_limited'] } : {},
  );
}

/** What the reference says beyond the summary, from the same guards and decorators the route runs. */
function operationDescription(route: ControllerRoute, security: SecurityScheme | undefined, idempotent: boolean): string {
  const operation = rateLimitOf(route.handler);
  const limit =
    operation === undefined
      ? 'No rate limit.'
      : `Rate limit: ${RATE_LIMITS[operation]} requests in any ${RATE_WINDOW_SECONDS} s per ${security === 'secretKey' ? 'secret key' : 'person'}, counted as \`${operation}\`; past it, \`429 rate_limited\` with \`Retry-After\`.`;
  const retry = idempotent ? `Send an \`${IDEMPOTENCY_KEY_HEADER}\` to make a retry safe.` : '';
  return [CREDENTIAL[security ?? 'none'], limit, retry].filter(Boolean).join(' ');
}

/** Requests are shown as the gateway checks them: strict. */
const REQUEST = { open: false };
/** Answers and deliveries are shown open: within v1 they only gain fields (see Components). */
const ANSWER = { open: true };

function operationObject(route: ControllerRoute, components: Components): Json {
  const { operation: doc, errors, security } = docsOf(route.handler);
  if (!doc) throw new Error(`${route.method} ${route.path} has no @ApiOperation: describe it for the OpenAPI document`);
  const rateLimited = rateLimitOf(route.handler) !== undefined;
  // Every POST of the server and editor APIs (those a key or token opens) takes an Idempotency-Key.
  const idempotent = route.method === 'POST' && security !== undefined;
  const headers: Json = { 'Request-Id': ref('headers', 'Request-Id') };
  if (rateLimited) Object.assign(headers, { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') });

  const responses: Json = {};
  for (const [status, schema] of Object.entries(doc.answers)) {
    const files = doc.fileTypes && Object.fromEntries(doc.fileTypes.map((type) => [type, {}]));
    if (status === '308') {
      responses[status] = { description: 'a redirect, no body', headers: { ...headers, Location: ref('headers', 'Location') } };
      continue;
    }
    const content = schema ? { 'application/json': { schema: ref('schemas', schema), ...withExamples(answerExamples(schema)) } } : files;
    const answerHeaders = idempotent ? { ...headers, [REPLAYED_HEADER]: ref('headers', REPLAYED_HEADER) } : headers;
    responses[status] = { description: schema ?? (files ? 'the file' : 'no body'), headers: answerHeaders, ...(content && { content }) };
  }
  const allErrors = mergeErrors(implicitErrors(route, doc, rateLimited, idempotent), errors, doc.errors ?? {});
  for (const [status, codes] of Object.entries(allErrors)) {
    const retryAfter = status === '429' ? ref('headers', 'Retry-After') : status === '409' && idempotent ? KEY_IN_USE_RETRY_AFTER : undefined;
    responses[status] = errorResponse(status, codes, retryAfter ? { ...headers, 'Retry-After': retryAfter } : headers);
  }

  const parameters = [
    // OpenAPI has no parameter of several segments; the extension says this one is (for tools, and our tests).
    ...(doc.wildcard ? [{ name: doc.wildcard.name, in: 'path', required: true, description: doc.wildcard.description, schema: { type: 'string' }, 'x-multi-segment': true }] : []),
    ...inputParameters(route.params, 'path', components),
    ...inputParameters(route.query, 'query', components),
    ...(idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  let requestBody: Json | undefined;
  if (route.body) {
    requestBody = { required: true, content: { 'application/json': { schema: components.refer(route.body, REQUEST) } } };
  } else if (doc.rawBody) {
    const { mediaTypes, maxBytes } = doc.rawBody;
    requestBody = { required: true, description: `Up to ${maxBytes} bytes.`, content: Object.fromEntries(mediaTypes.map((type) => [type, {}])) };
  }
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    description: operationDescription(route, security, idempotent),
    tags: [TAGS.find((tag) => tag.has(route.path))?.name],
    security: security ? [{ [security]: [] }] : [],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses,
  };
}

function inputParameters(schema: TSchema | undefined, where: 'path' | 'query', components: Components): Json[] {
  if (!schema) return [];
  const { properties, required = [] } = components.inline(schema, REQUEST) as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, schema]) => ({ name, in: where, required: where === 'path' || required.includes(name), schema }));
}

/** `/users/:userId/designs` -> `/users/{userId}/designs`; `*` takes the name the route gives it. */
export function openApiPath(path: string, wildcard?: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${wildcard ?? 'path'}}`);
}

/** The path parameters of a path's template, as its other operations declare them. */
function pathParameters(path: string, item: Record<string, Json>): Json[] {
  const declared = Object.values(item).flatMap((operation) => (operation.parameters ?? []) as Json[]);
  return [...path.matchAll(/\{([^{}]+)\}/g)].map(([, name]) => {
    const found = declared.find((parameter) => parameter.in === 'path' && parameter.name === name);
    if (!found) throw new Error(`no operation of ${path} declares its path parameter ${name}`);
    return found;
  });
}

/** The editor API answers CORS preflights on every path (registered outside Nest, in editor-cors). */
function preflight(path: string, item: Record<string, Json>): Json {
  const name = path
    .slice(EDITOR_PREFIX.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.)(.*)\}$/, (_, first: string, rest: string) => `By${first.toUpperCase()}${rest}`))
    .map((segment) => segment[0].toUpperCase() + segment.slice(1))
    .join('');
  const headers = { 'Request-Id': ref('headers', 'Request-Id') };
  const parameters = pathParameters(path, item);
  return {
    operationId: `corsPreflight${name}`,
    summary: 'CORS preflight of the editor API.',
    description:
      'Allowed (204) for an origin that is an allowed site of some project, or localhost; any other origin is refused (403, no CORS headers). The real request then needs a token of that origin. No credential, no rate limit.',
    tags: ['Editor API'],
    security: [],
    ...(parameters.length > 0 && { parameters }),
    responses: {
      204: { description: 'no body', headers },
      // A preflight has no body, but one sent is judged as any other (malformed, or of another type),
      // and a parameter the router cannot read (a malformed escape, past its length) is refused first.
      400: errorResponse('400', ['request_invalid'], headers),
      403: errorResponse('403', ['origin_not_allowed'], headers),
      415: errorResponse('415', ['request_invalid'], headers),
      503: errorResponse('503', ['service_unavailable'], headers),
    },
  };
}

/** Every event kind as an OpenAPI 3.1 webhook: the POST the service sends, for receivers' generated types. */
function webhooks(components: Components): Json {
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENT_DATA) as WebhookEventType[]).map((kind) => [
      kind,
      {
        post: {
          operationId: `${eventSchemaName(kind)[0].toLowerCase()}${eventSchemaName(kind).slice(1)}`,
          summary: webhookSummary(kind),
          description: WEBHOOK_DESCRIPTION,
          tags: ['Webhooks'],
          security: [],
          parameters: [SIGNATURE_PARAMETER],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.refer(webhookEventSchema(kind), ANSWER), ...withExamples(webhookExamples(kind)) } },
          },
          responses: {
            '2XX': { description: 'Delivered: any 2xx within 10 seconds confirms it.' },
            '4XX': { description: 'Refused (a signature that does not verify, say): tried again later, as any answer other than 2xx.' },
            default: { description: 'Any other answer, a redirect (never followed) or none within 10 seconds: tried again, 8 attempts in all.' },
          },
        },
      },
    ]),
  );
}

export interface DocumentOptions {
  /** The gateway's public address (PUBLIC_BASE_URL), where every path starts. */
  serverUrl: string;
}

/**
 * The OpenAPI 3.1 document of every route of these controllers, made from their code:
 * routes from Nest's own metadata; request schemas, answers and webhook deliveries from the
 * registry's schemas (libs/contracts: http-inputs.ts, the ones each route checks its input
 * with; http-answers.ts, named by `@ApiOperation`; webhook-events.ts); errors from what the
 * guards and handlers declare.
 */
export function buildOpenApiDocument(controllers: Type[], { serverUrl }: DocumentOptions): Json {
  const components = new Components();
  for (const [name, schema] of Object.entries(HTTP_ANSWERS)) components.add(name, schema, ANSWER);
  const paths: Record<string, Record<string, Json>> = {};
  const operationIds = new Set<string>();
  for (const route of controllers.flatMap(controllerRoutes)) {
    const operation = operationObject(route, components);
    if (operationIds.has(operation.operationId as string)) throw new Error(`operationId ${String(operation.operationId)} is used twice`);
    operationIds.add(operation.operationId as string);
    const path = openApiPath(route.path, docsOf(route.handler).operation?.wildcard?.name);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  for (const path of Object.keys(paths).filter((path) => path.startsWith(`${EDITOR_PREFIX}/`))) paths[path].options = preflight(path, paths[path]);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Embedded design editor: server and editor API',
      version: '1.0.0',
      // As the repository's package.json says: not open source, no SPDX identifier to name.
      license: { name: 'Proprietary (UNLICENSED): all rights reserved' },
      description: [
        'Every answer carries `Request-Id`. Every error answers `{error, code, requestId}` (schema `Error`); match on `code`.',
        'A path not listed here answers `404 not_found`; a listed path with another method answers `405 method_not_allowed` with `Allow` naming its methods; both in the `Error` shape.',
        'Within v1 fields are only ever added to answers: clients ignore fields they do not know. Request bodies are strict.',
        `The editor API (\`${EDITOR_PREFIX}\`) answers CORS, errors included: for the token's own site once the token is found, and for an allowed site of some project or localhost before that (no token, an unknown or expired one, a request refused before the token is checked). It exposes ${EXPOSED_HEADERS} and accepts the request headers Authorization, Content-Type and Idempotency-Key. The server API answers no CORS.`,
        'The webhooks the service sends are under `webhooks`, one per event kind.',
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl, description: 'This gateway (its PUBLIC_BASE_URL).' }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    webhooks: webhooks(components),
    components: { schemas: components.schemas, securitySchemes: SECURITY_SCHEMES, headers: HEADERS },
  };
}
