import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { baseUrl } from './stack';

/** What the checker needs of an answer (call()'s ApiAnswer has it). */
export interface CheckedAnswer {
  status: number;
  headers: Headers;
  text: string;
}

interface PathTemplate {
  template: string;
  pattern: RegExp;
  item: Record<string, any>;
}

const DOC_ID = 'https://embed.test/openapi.json';
const REQUEST_ID = { $ref: '#/components/headers/Request-Id' };

/** What a request no operation takes answers, as the document's description says: `Error` with this code. */
const refusal = (code: string, headers: Record<string, unknown> = {}) => ({
  headers: { 'Request-Id': REQUEST_ID, ...headers },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error', properties: { code: { enum: [code] } } } } },
});
const BAD_PATH = refusal('request_invalid');
const ROUTE_NOT_FOUND = refusal('not_found');
const METHOD_NOT_ALLOWED = refusal('method_not_allowed', { Allow: { required: true, schema: { type: 'string' } } });

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The gateway's own OpenAPI document, used to check every answer the end-to-end tests
 * receive: the operation by method and path, the response by status (an undocumented
 * status fails), its required headers, its content type and its JSON body.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly paths: PathTemplate[];

  constructor(readonly document: Record<string, any>) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, components: { schemas: document.components.schemas } });
    // Concrete paths before templated ones, as OpenAPI matches them.
    this.paths = Object.entries(document.paths as Record<string, Record<string, any>>)
      .map(([template, item]) => ({ template, item, pattern: templatePattern(template, item) }))
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  /** Why this answer breaks the document, or null when it keeps to it. */
  problem(method: string, url: string, answer: CheckedAnswer): string | null {
    const path = url.split('?')[0];
    const bodiless = method === 'HEAD';
    // A path that does not decode names nothing: the gateway answers it 400 whatever the method.
    if (!decodes(path)) return this.checkResponse(`${method} ${path} (does not decode)`, BAD_PATH, 400, answer, bodiless);
    const found = this.paths.find(({ pattern }) => pattern.test(path));
    if (!found) return this.checkResponse(`${method} ${path} (no such path)`, ROUTE_NOT_FOUND, 404, answer, bodiless);
    const operation = found.item[bodiless ? 'get' : method.toLowerCase()];
    if (!operation) return this.checkResponse(`${method} ${found.template} (no such method)`, METHOD_NOT_ALLOWED, 405, answer, bodiless);
    const name = `${operation.operationId} (${method} ${found.template})`;
    const response = operation.responses[String(answer.status)];
    if (!response) return `${name} answered ${answer.status}, which the document does not list (${Object.keys(operation.responses).join(', ')}): ${answer.text.slice(0, 300)}`;
    return this.checkResponse(name, response, answer.status, method === 'HEAD' ? { ...answer, text: '' } : answer, method === 'HEAD');
  }

  /**
   * Why this webhook delivery breaks the document's `webhooks`, or null when it keeps to
   * it: its kind is one of them, its `Service-Signature` has the header's form, and its
   * body has exactly the fields of the kind's schema (a field the document does not name
   * is drift too, though receivers are told to ignore such fields).
   */
  webhookProblem(headers: Record<string, string>, rawBody: string): string | null {
    let body: any;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return `the body is not JSON: ${rawBody.slice(0, 200)}`;
    }
    const operation = this.document.webhooks?.[body?.type]?.post;
    if (!operation) return `a webhook of type ${JSON.stringify(body?.type)}, which the document's webhooks (${Object.keys(this.document.webhooks ?? {}).join(', ')}) do not have`;
    const name = `webhook ${body.type}`;
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'header') continue;
      const value = headers[parameter.name.toLowerCase()];
      if (value === undefined) {
        if (parameter.required) return `${name}: header ${parameter.name} is missing`;
        continue;
      }
      const validate = this.validator(parameter.schema);
      if (!validate(value)) return `${name}: header ${parameter.name} ${JSON.stringify(value)} does not match: ${this.ajv.errorsText(validate.errors)}`;
    }
    const schema = operation.requestBody.content['application/json'].schema;
    const validate = this.validator(closed(this.resolve(schema)));
    if (validate(body)) return null;
    return `${name}: the body does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}\n${rawBody.slice(0, 500)}`;
  }

  private resolve(schema: Record<string, any>): Record<string, any> {
    return schema.$ref ? this.resolve(this.document.components.schemas[schema.$ref.split('/').pop()]) : schema;
  }

  private checkResponse(name: string, response: Record<string, any>, status: number, answer: CheckedAnswer, bodiless = false): string | null {
    if (answer.status !== status) return `${name} answered ${answer.status} where the document says ${status}: ${answer.text.slice(0, 300)}`;
    for (const [header, spec] of Object.entries((response.headers ?? {}) as Record<string, any>)) {
      const resolved = spec.$ref ? this.document.components.headers[spec.$ref.split('/').pop()] : spec;
      if (resolved.required && !answer.headers.has(header)) return `${name} ${status}: header ${header} is missing`;
    }
    const content: Record<string, any> | undefined = response.content;
    if (!content) return answer.text === '' ? null : `${name} ${status}: the document says no body, the server sent ${answer.text.slice(0, 200)}`;
    if (bodiless) return null;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!(type in content)) return `${name} ${status}: content type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`;
    if (type !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `${name} ${status}: the body is not JSON: ${answer.text.slice(0, 200)}`;
    }
    const validate = this.validator(content[type].schema);
    if (validate(body)) return null;
    return `${name} ${status}: the body does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}\n${answer.text.slice(0, 500)}`;
  }

  /** A response schema compiled once; its `#/components/...` references point into the document. */
  private validator(schema: Record<string, unknown>): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(JSON.parse(key.replaceAll('"#/components/', `"${DOC_ID}#/components/`)));
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** The schema with no field allowed beyond those it names, at every level: a webhook's body is checked for drift both ways. */
function closed(schema: Record<string, any>): Record<string, any> {
  if (!schema.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, any>).map(([name, property]) => [name, closed(property)]));
  return { ...schema, properties, unevaluatedProperties: false };
}

/** `{name}` is one path segment, except a parameter marked as spanning several (a file's key). */
function templatePattern(template: string, item: Record<string, any>): RegExp {
  const parameters = Object.values(item).flatMap((operation: any) => operation.parameters ?? []);
  const source = template
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return parameters.some((parameter: any) => parameter.name === name && parameter['x-multi-segment']) ? '.+' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

let contract: Promise<OpenApiContract> | undefined;

/** The document as the gateway serves it, fetched once per test file. */
export function openApiContract(): Promise<OpenApiContract> {
  contract ??= fetch(`${baseUrl()}/embed/v1/openapi.json`).then(async (response) => {
    if (response.status !== 200) throw new Error(`GET /embed/v1/openapi.json answered ${response.status}`);
    return new OpenApiContract((await response.json()) as Record<string, any>);
  });
  return contract;
}

/** Fails the test when an answer breaks the OpenAPI document, naming the operation and what is wrong. */
export async function checkAnswer(method: string, url: string, answer: CheckedAnswer): Promise<void> {
  const problem = (await openApiContract()).problem(method.toUpperCase(), url, answer);
  if (problem) throw new Error(`The answer breaks the OpenAPI document: ${problem}`);
}
