import type { Type } from '@nestjs/common';
import { EDITOR_PREFIX } from '../editor/editor-cors';
import { rateLimitOf } from '../rate-limits/rate-limit.guard';
import { type ControllerRoute, controllerRoutes } from './controller-routes';
import { docsOf, type ErrorAnswers, mergeErrors, type OperationDoc } from './operation-doc';
import { RequestSchemas } from './request-schemas';
import { type JsonSchema, RESPONSE_SCHEMAS } from './response-schemas';

export const OPENAPI_PATH = '/embed/v1/openapi.json';

type Json = Record<string, unknown>;
const ref = (kind: 'schemas' | 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const TAGS = [
  { prefix: '/embed/v1/', name: 'Server API', description: 'Called by the integrator’s server with a secret key.' },
  { prefix: `${EDITOR_PREFIX}/`, name: 'Editor API', description: 'Called by the embedded editor with a token, for its one person.' },
  { prefix: '/files/v1/', name: 'Files', description: 'Exported files (on their signed link) and uploaded images.' },
  { prefix: '/', name: 'Operations', description: 'Liveness and readiness of the gateway.' },
];

const HEADERS = {
  'Request-Id': { description: 'The id of this request, to quote to support. Made by the server, never taken from the caller.', required: true, schema: { type: 'string' } },
  RateLimit: { description: 'What remains of the operation’s limit: `"<operation>";r=<remaining>;t=<seconds to reset>`.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The operation’s limit: `"<operation>";q=<requests>;w=<window seconds>`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Whole seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  Allow: { description: 'The methods this path has.', required: true, schema: { type: 'string' } },
};

const SECURITY_SCHEMES = {
  secretKey: { type: 'http', scheme: 'bearer', description: 'The project’s secret key (test or live); it decides the environment. Server to server only.' },
  editorToken: { type: 'http', scheme: 'bearer', description: 'An editor token from `POST /embed/v1/tokens`, sent with the browser’s `Origin`, which must be the token’s.' },
};

function errorResponse(codes: string[], headers: Json): Json {
  return {
    description: codes.map((code) => `\`${code}\``).join(', '),
    headers,
    content: { 'application/json': { schema: { ...ref('schemas', 'Error'), properties: { code: { enum: codes } } } } },
  };
}

/** Error answers every route of this kind can give, whatever its handler does. */
function implicitErrors(route: ControllerRoute, doc: OperationDoc, rateLimited: boolean): ErrorAnswers {
  const hasBody = Boolean(route.body ?? doc.rawBody);
  return mergeErrors(
    // The content-type check runs before routing: any request with a body of another type.
    { 415: ['request_invalid'] },
    hasBody || route.params || route.query ? { 400: ['request_invalid'] } : {},
    hasBody ? { 413: ['request_invalid'] } : {},
    rateLimited ? { 429: ['rate_limited'] } : {},
  );
}

function operationObject(route: ControllerRoute, schemas: RequestSchemas, components: Record<string, JsonSchema>): Json {
  const { operation: doc, errors, security } = docsOf(route.handler);
  if (!doc) throw new Error(`${route.method} ${route.path} has no @ApiOperation: describe it for the OpenAPI document`);
  const rateLimited = rateLimitOf(route.handler) !== undefined;
  const headers: Json = { 'Request-Id': ref('headers', 'Request-Id') };
  if (rateLimited) Object.assign(headers, { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') });

  const responses: Json = {};
  for (const [status, schema] of Object.entries(doc.answers)) {
    const files = doc.fileTypes && Object.fromEntries(doc.fileTypes.map((type) => [type, {}]));
    const content = schema ? { 'application/json': { schema: ref('schemas', schema) } } : files;
    responses[status] = { description: schema ?? (files ? 'the file' : 'no body'), headers, ...(content && { content }) };
  }
  const allErrors = mergeErrors(implicitErrors(route, doc, rateLimited), errors, doc.errors ?? {});
  for (const [status, codes] of Object.entries(allErrors)) {
    responses[status] = errorResponse(codes, Number(status) === 429 ? { ...headers, 'Retry-After': ref('headers', 'Retry-After') } : headers);
  }

  const parameters = [
    // OpenAPI has no parameter of several segments; the extension says this one is (for tools, and our tests).
    ...(doc.wildcard ? [{ name: doc.wildcard.name, in: 'path', required: true, description: doc.wildcard.description, schema: { type: 'string' }, 'x-multi-segment': true }] : []),
    ...inputParameters(route.params, 'path', schemas),
    ...inputParameters(route.query, 'query', schemas),
  ];
  let requestBody: Json | undefined;
  if (route.body) {
    Object.assign(components, schemas.withNested(route.body));
    requestBody = { required: true, content: { 'application/json': { schema: ref('schemas', route.body.name) } } };
  } else if (doc.rawBody) {
    const { mediaTypes, maxBytes } = doc.rawBody;
    requestBody = { required: true, description: `Up to ${maxBytes} bytes.`, content: Object.fromEntries(mediaTypes.map((type) => [type, {}])) };
  }
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    tags: [TAGS.find((tag) => route.path.startsWith(tag.prefix))?.name],
    security: security ? [{ [security]: [] }] : [],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses,
  };
}

function inputParameters(dto: Type | undefined, where: 'path' | 'query', schemas: RequestSchemas): Json[] {
  if (!dto) return [];
  const { properties, required = [] } = schemas.of(dto);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: where, required: where === 'path' || required.includes(name), schema }));
}

/** `/users/:userId/designs` -> `/users/{userId}/designs`; `*` takes the name the route gives it. */
export function openApiPath(path: string, wildcard?: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${wildcard ?? 'path'}}`);
}

/** The editor API answers CORS preflights on every path (registered outside Nest, in editor-cors). */
function preflight(path: string): Json {
  const name = path
    .slice(EDITOR_PREFIX.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.)(.*)\}$/, (_, first: string, rest: string) => `By${first.toUpperCase()}${rest}`))
    .map((segment) => segment[0].toUpperCase() + segment.slice(1))
    .join('');
  return {
    operationId: `corsPreflight${name}`,
    summary: 'CORS preflight: allowed for the asking origin; the real request then needs a token of that origin.',
    tags: ['Editor API'],
    security: [],
    responses: { 204: { description: 'no body', headers: { 'Request-Id': ref('headers', 'Request-Id') } } },
  };
}

/**
 * The OpenAPI 3.1 document of every route of these controllers, made from their code:
 * routes and inputs from Nest's own metadata, request schemas from the validators,
 * answers from `@ApiOperation` and the errors the guards and handlers declare.
 */
export function buildOpenApiDocument(controllers: Type[]): Json {
  const schemas = new RequestSchemas();
  const components: Record<string, JsonSchema> = { ...RESPONSE_SCHEMAS };
  const paths: Record<string, Json> = {};
  const operationIds = new Set<string>();
  for (const route of controllers.flatMap(controllerRoutes)) {
    const operation = operationObject(route, schemas, components);
    if (operationIds.has(operation.operationId as string)) throw new Error(`operationId ${String(operation.operationId)} is used twice`);
    operationIds.add(operation.operationId as string);
    const path = openApiPath(route.path, docsOf(route.handler).operation?.wildcard?.name);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  for (const path of Object.keys(paths).filter((path) => path.startsWith(`${EDITOR_PREFIX}/`))) paths[path].options = preflight(path);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Embedded design editor: server and editor API',
      version: '1.0.0',
      description: [
        'Every answer carries `Request-Id`. Every error answers `{error, code, requestId}` (schema `Error`); match on `code`.',
        'A path not listed here answers 404 `not_found` (`RouteNotFound`); a listed path with another method answers 405 `method_not_allowed` with `Allow` (`MethodNotAllowed`).',
        'Within v1 fields are only ever added to answers: clients ignore fields they do not know. Request bodies are strict.',
      ].join('\n\n'),
    },
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: components,
      securitySchemes: SECURITY_SCHEMES,
      headers: HEADERS,
      responses: {
        RouteNotFound: errorResponse(['not_found'], { 'Request-Id': ref('headers', 'Request-Id') }),
        MethodNotAllowed: errorResponse(['method_not_allowed'], { 'Request-Id': ref('headers', 'Request-Id'), Allow: ref('headers', 'Allow') }),
      },
    },
  };
}
