import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One file the demo serves as it is. */
export interface StaticFile {
  type: string;
  body: Buffer;
}

/** Where the page's files are: beside src/ in the repository, and in dist/ (tools/lib/build.mjs copies them). */
export const PUBLIC_DIR = path.join(__dirname, '..', 'public');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's HTML: the SDK loaded from the service, and the example offered only when there is one. */
export function renderPage(template: string, options: { service: string; hasExample: boolean }): string {
  const exampleLink = options.hasExample ? '<li><a href="/?new=example">New design from the example</a></li>' : '';
  return template.replace('%EMBED_BASE_URL%', escapeHtml(options.service)).replace('%EXAMPLE_LINK%', exampleLink);
}

/**
 * The page's policy, as strict as an integrator's should be: its own scripts and the SDK
 * from the service, the editor framed from the service, and calls only to its own server
 * and the service (the SDK calls the editor API from the page).
 */
export function pagePolicy(service: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${service}`,
    `frame-src ${service}`,
    `connect-src 'self' ${service}`,
    "style-src 'self'",
    `img-src 'self' data: ${service}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The files of public/ the page loads, by address, and the example design when one is given. */
export function staticFiles(exampleFile: string): Record<string, StaticFile> {
  const file = (name: string, type: string) => ({ type, body: readFileSync(path.join(PUBLIC_DIR, name)) });
  return {
    '/demo.js': file('demo.js', 'text/javascript; charset=utf-8'),
    '/demo.css': file('demo.css', 'text/css; charset=utf-8'),
    ...(exampleFile && { '/example-design.json': { type: 'application/json; charset=utf-8', body: readFileSync(exampleFile) } }),
  };
}
