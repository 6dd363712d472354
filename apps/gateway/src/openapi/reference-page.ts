import { createHash } from 'node:crypto';

// The page walks a whole OpenAPI document, whose objects are of many shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The pages' only style, inline: no file, script or font from anywhere else. */
export const PAGE_STYLE = `
:root { color-scheme: light; --ink: #1d2330; --muted: #5b6475; --line: #dde2ea; --soft: #f5f7fa; --accent: #2450b3; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 13px; }
code { background: var(--soft); padding: 1px 4px; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: #1f2430; color: #e6e9ef; padding: 12px 14px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
pre code { background: none; padding: 0; }
.layout { display: grid; grid-template-columns: 310px minmax(0, 1fr); min-height: 100vh; }
nav { position: sticky; top: 0; height: 100vh; overflow-y: auto; background: var(--soft); border-right: 1px solid var(--line); padding: 20px 16px; font-size: 14px; }
nav h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 18px 0 6px; }
nav ul { list-style: none; margin: 0; padding: 0; } nav li { margin: 2px 0; }
nav a { display: flex; gap: 8px; align-items: baseline; color: var(--ink); padding: 2px 4px; border-radius: 4px; }
nav a:hover { background: #e8ecf3; text-decoration: none; }
nav .path { font-family: ui-monospace, monospace; font-size: 12px; }
main { padding: 28px 40px 80px; max-width: 1100px; }
h1 { font-size: 28px; margin: 0 0 4px; } h2 { font-size: 22px; margin: 40px 0 12px; padding-top: 12px; border-top: 1px solid var(--line); }
h3 { font-size: 17px; margin: 0; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
h4 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 18px 0 6px; }
.lead { color: var(--muted); margin: 0 0 16px; }
.op { border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px; margin: 18px 0; }
.op .path { font-family: ui-monospace, monospace; font-size: 15px; }
.op .id { color: var(--muted); font-size: 13px; font-weight: normal; margin-left: auto; }
.method { display: inline-block; min-width: 62px; text-align: center; font: 700 11px/20px ui-monospace, monospace; text-transform: uppercase; border-radius: 4px; color: #fff; background: #6b7280; }
.get { background: #1f7a4d; } .post { background: #2450b3; } .put { background: #9a6700; } .delete { background: #b42318; } .options { background: #6b7280; }
table { width: 100%; border-collapse: collapse; font-size: 14px; margin: 4px 0 8px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
td.status { font-weight: 700; white-space: nowrap; width: 60px; } td.name { white-space: nowrap; }
.req { color: #b42318; font-size: 12px; margin-left: 4px; }
details { margin: 6px 0; } summary { cursor: pointer; color: var(--accent); font-size: 13px; }
.links { display: flex; gap: 14px; flex-wrap: wrap; margin: 8px 0 0; }
/* On a phone the contents come first: a box of their own, so that the reference starts on the first screen. */
@media (max-width: 860px) { .layout { display: block; } nav { position: static; height: auto; max-height: 40vh; border-right: 0; border-bottom: 1px solid var(--line); } main { padding: 20px; } }
`;

/** The Content-Security-Policy of the reference and home pages: their own inline style, nothing else at all. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The little Markdown the document's descriptions use: paragraphs and `code`. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

const inline = (text: string | undefined) => (text ? escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>') : '');
const refName = (ref: string) => ref.split('/').pop() as string;
const schemaLink = (name: string) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;

/** `length 1–256`, `≥ 60`, `≤ 2048`, or nothing. */
function range(what: string, low: number | undefined, high: number | undefined): string | false {
  if (low !== undefined && high !== undefined) return `${what}${low}–${high}`;
  if (low !== undefined) return `${what}≥ ${low}`;
  return high !== undefined && `${what}≤ ${high}`;
}

/** A path that may break after each slash, never inside a word. */
const breakable = (path: string) => escapeHtml(path).replaceAll('/', '/<wbr>');

/** A schema in a few words: its type or reference, and its rules. */
export function schemaText(schema: Json | boolean | undefined): string {
  if (schema === false) return 'never present';
  if (schema === undefined || schema === true) return 'any';
  // An error answer: `Error` with its codes.
  if (schema.$ref && schema.properties?.code?.enum) return `${schemaLink(refName(schema.$ref))} with <code>code</code> ${schemaText(schema.properties.code)}`;
  const parts: string[] = [];
  if (schema.$ref) parts.push(schemaLink(refName(schema.$ref)));
  if (schema.const !== undefined) parts.push(`<code>${escapeHtml(JSON.stringify(schema.const))}</code>`);
  if (schema.enum) parts.push(`one of ${schema.enum.map((value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(', ')}`);
  if (schema.oneOf) parts.push(schema.oneOf.map((choice: Json) => schemaText(choice)).join(' or '));
  if (schema.type && !schema.enum) {
    const types = [schema.type].flat() as string[];
    parts.push(types.map((type) => (type === 'array' ? `array of ${schemaText(schema.items)}` : type)).join(' or '));
  }
  const rules = [
    schema.format && `format ${schema.format}`,
    range('length ', schema.minLength, schema.maxLength),
    range('', schema.minimum, schema.maximum),
    schema.pattern && `matches <code>${escapeHtml(schema.pattern)}</code>`,
    schema.additionalProperties && typeof schema.additionalProperties === 'object' && `values: ${schemaText(schema.additionalProperties)}`,
  ].filter(Boolean);
  return [parts.join(' ') || 'object', ...rules].join(', ');
}

function parametersTable(parameters: Json[] | undefined): string {
  if (!parameters?.length) return '';
  const rows = parameters.map(
    (parameter) =>
      `<tr><td class="name"><code>${escapeHtml(parameter.name)}</code>${parameter.required ? '<span class="req">required</span>' : ''}</td><td>${escapeHtml(parameter.in)}</td><td>${schemaText(parameter.schema)}</td><td>${inline(parameter.description)}</td></tr>`,
  );
  return `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>value</th><th>notes</th></tr>${rows.join('')}</table>`;
}

function bodyBlock(body: Json | undefined, schemas: Record<string, Json>): string {
  if (!body) return '';
  const types = Object.entries(body.content as Record<string, Json>).map(([type, media]) => {
    // A body's own fields are shown here; the schemas they nest are linked.
    const fields = media.schema?.$ref ? propertiesTable(schemas[refName(media.schema.$ref)] ?? {}) : '';
    return `<li><code>${escapeHtml(type)}</code>${media.schema ? `: ${schemaText(media.schema)}` : ''}${fields}${examples(media.examples)}</li>`;
  });
  return `<h4>Request body</h4>${prose(body.description)}<ul>${types.join('')}</ul>`;
}

function examples(all: Record<string, Json> | undefined): string {
  return Object.entries(all ?? {})
    .map(([name, { summary, value }]) => `<details><summary>Example: ${escapeHtml(summary ?? name)}</summary><pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre></details>`)
    .join('');
}

function responsesTable(responses: Record<string, Json>, headers: Record<string, Json>): string {
  const rows = Object.entries(responses).map(([status, response]) => {
    const content = Object.entries((response.content ?? {}) as Record<string, Json>)
      .map(([type, media]) => `<code>${escapeHtml(type)}</code>${media.schema ? ` ${schemaText(media.schema)}` : ''}${examples(media.examples)}`)
      .join('<br>');
    const answerHeaders = Object.entries((response.headers ?? {}) as Record<string, Json>)
      .filter(([name]) => name !== 'Request-Id')
      .map(([name, header]) => `<code>${escapeHtml(name)}</code>${(header.$ref ? headers[refName(header.$ref)] : header)?.required ? '' : ' (optional)'}`);
    return `<tr><td class="status">${escapeHtml(status)}</td><td>${inline(response.description)}${answerHeaders.length ? `<br>Headers: ${answerHeaders.join(', ')}` : ''}</td><td>${content}</td></tr>`;
  });
  return `<h4>Answers</h4><table><tr><th>status</th><th>meaning</th><th>body</th></tr>${rows.join('')}</table>`;
}

function operationBlock(method: string, path: string, operation: Json, components: Json): string {
  const headers = (components.headers ?? {}) as Record<string, Json>;
  const security = (operation.security ?? []) as Json[];
  return `<section class="op" id="op-${escapeHtml(operation.operationId)}">
<h3><span class="method ${method}">${method}</span><span class="path">${breakable(path)}</span><span class="id">${escapeHtml(operation.operationId)}</span></h3>
<p>${inline(operation.summary)}</p>${prose(operation.description)}
${security.length ? `<p>Credential: ${security.flatMap((entry) => Object.keys(entry)).map((name) => `<a href="#auth-${name}">${escapeHtml(name)}</a>`).join(', ')}</p>` : ''}
${parametersTable(operation.parameters)}${bodyBlock(operation.requestBody, components.schemas ?? {})}${responsesTable(operation.responses, headers)}
</section>`;
}

/** A row per field; the fields of an object written in place (a webhook's `data`) follow it as `data.<field>`. */
function propertyRows(schema: Json, prefix = ''): string[] {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Json>).flatMap(([name, property]) => [
    `<tr><td class="name"><code>${escapeHtml(prefix + name)}</code>${required.has(name) ? '<span class="req">required</span>' : ''}</td><td>${schemaText(property)}</td><td>${inline(property.description)}</td></tr>`,
    ...(property.properties && !property.$ref ? propertyRows(property, `${prefix}${name}.`) : []),
  ]);
}

function propertiesTable(schema: Json): string {
  const rows = propertyRows(schema);
  const closed = schema.additionalProperties === false ? '<p>No other field is allowed.</p>' : '';
  return rows.length ? `<table><tr><th>field</th><th>value</th><th>notes</th></tr>${rows.join('')}</table>${closed}` : `<p>${schemaText(schema)}</p>`;
}

interface Listed {
  method: string;
  path: string;
  operation: Json;
}

/**
 * The API reference as one static HTML page, made from the OpenAPI document alone: every
 * operation by tag, the webhooks, and every schema. No script, no outside file or font.
 */
export function referencePage(document: Json): string {
  const components = (document.components ?? {}) as Json;
  const listed: Listed[] = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
  const hooks: Listed[] = Object.entries((document.webhooks ?? {}) as Record<string, Json>).flatMap(([name, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path: name, operation: item[method] })),
  );
  const tags = (document.tags as { name: string; description?: string }[]).map((tag) => ({
    ...tag,
    entries: [...listed, ...hooks].filter(({ operation }) => operation.tags?.[0] === tag.name),
  }));
  const navList = (entries: Listed[]) =>
    `<ul>${entries.map(({ method, path, operation }) => `<li><a href="#op-${escapeHtml(operation.operationId)}"><span class="method ${method}">${method}</span><span class="path">${breakable(path)}</span></a></li>`).join('')}</ul>`;
  const schemas = Object.entries((document.components?.schemas ?? {}) as Record<string, Json>);
  const title = escapeHtml(document.info.title);
  const server = escapeHtml(document.servers?.[0]?.url ?? '');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}: API reference</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="layout">
<nav aria-label="Contents">
<strong>${title}</strong>
${tags.map((tag) => (tag.entries.length ? `<h2>${escapeHtml(tag.name)}</h2>${navList(tag.entries)}` : '')).join('\n')}
<h2>Schemas</h2><ul>${schemas.map(([name]) => `<li><a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a></li>`).join('')}</ul>
</nav>
<main>
<h1>${title}</h1>
<p class="lead">Version ${escapeHtml(document.info.version)} · OpenAPI ${escapeHtml(document.openapi)} · base URL <code>${server}</code></p>
<p class="links"><a href="/">Home</a><a href="/embed/v1/openapi.json">The OpenAPI document (JSON)</a></p>
${prose(document.info.description)}
<h2 id="authentication">Authentication</h2>
${Object.entries((document.components?.securitySchemes ?? {}) as Record<string, Json>)
  .map(([name, scheme]) => `<p id="auth-${escapeHtml(name)}"><strong>${escapeHtml(name)}</strong> (HTTP ${escapeHtml(scheme.scheme)}): ${inline(scheme.description)}</p>`)
  .join('\n')}
${tags
  .filter((tag) => tag.entries.length)
  .map((tag) => `<h2 id="tag-${escapeHtml(tag.name.replace(/\s/g, '-'))}">${escapeHtml(tag.name)}</h2>${prose(tag.description)}\n${tag.entries.map(({ method, path, operation }) => operationBlock(method, path, operation, components)).join('\n')}`)
  .join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.map(([name, schema]) => `<section class="op" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${prose(schema.description)}${propertiesTable(schema)}</section>`).join('\n')}
</main>
</div>
</body>
</html>
`;
}

export interface HomeLinks {
  title: string;
  /** PUBLIC_BASE_URL: where the API is. */
  baseUrl: string;
  referencePath: string;
  openApiPath: string;
  /** The editor demo of a local stack, when there is one. */
  editorDemoUrl?: string;
}

/** What a person who opens the base URL in a browser sees: where to read and try the API. */
export function homePage({ title, baseUrl, referencePath, openApiPath, editorDemoUrl }: HomeLinks): string {
  const row = (href: string, text: string, why: string) => `<tr><td><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></td><td>${why}</td></tr>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="lead">The server API (<code>/embed/v1</code>) and the embedded editor's API (<code>/editor/v1</code>) answer at <code>${escapeHtml(baseUrl)}</code>. Servers call them with a secret key; there is nothing to sign in to here.</p>
<table>
${row(referencePath, 'API reference', 'Every endpoint, answer, error code and webhook, with real answers.')}
${row(openApiPath, 'OpenAPI document', 'The same as OpenAPI 3.1 JSON, for code generators, linters and API tools.')}
${row('/healthz', 'Liveness', 'Answers <code>{"status":"ok"}</code> while the gateway runs.')}
${row('/readyz', 'Readiness', 'Whether PostgreSQL, Redis, NATS and every service answer.')}
${editorDemoUrl ? row(editorDemoUrl, 'Editor demo', 'An integrator’s site with the editor embedded, on this local stack.') : ''}
</table>
</main>
</body>
</html>
`;
}
