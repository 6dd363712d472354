import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One built file of the editor, held in memory with its gzip form and headers. */
export interface EditorAsset {
  body: Buffer;
  gzipped: Buffer | null;
  headers: Record<string, string>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // The images the renderer adds to designs (social icons, an image's placeholder), which emails point at.
  '.png': 'image/png',
};

/**
 * The editor frame's policy: its own scripts and styles only, no network of its own (it
 * calls the API through the SDK in the host page), images and web fonts from anywhere a
 * design points to, and any http(s) page may embed it: the server, not the frame, checks
 * which page may use a token.
 */
export const EDITOR_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https:",
  'img-src https: http: data: blob:',
  'font-src https: data:',
  "connect-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors http: https:',
].join('; ');

/** Hashed names never change content: a year, immutable. The SDK's URL is fixed, so it is checked again after 5 minutes; the frame's page every time. */
export const CACHE_CONTROL = {
  immutable: 'public, max-age=31536000, immutable',
  sdk: 'public, max-age=300',
  page: 'no-cache',
} as const;

function asset(body: Buffer, contentType: string, extra: Record<string, string>): EditorAsset {
  const gzipped = gzipSync(body, { level: 9 });
  return {
    body,
    gzipped: gzipped.length < body.length ? gzipped : null,
    headers: {
      'content-type': contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
      ...extra,
    },
  };
}

/** The built editor (dist/editor, tools/lib/build-editor.mjs), read once at start-up. */
export class EditorAssets {
  readonly sdk: EditorAsset;
  readonly page: EditorAsset;
  private readonly files = new Map<string, EditorAsset>();

  constructor(dir: string) {
    const sdkFile = path.join(dir, 'embed.js');
    const pageFile = path.join(dir, 'app', 'index.html');
    if (!existsSync(sdkFile) || !existsSync(pageFile)) throw new Error(`EDITOR_ASSETS_DIR ${dir} has no built editor: run node tools/build.mjs`);
    // Any page may load the SDK, including one that isolates itself (Cross-Origin-Embedder-Policy).
    this.sdk = asset(readFileSync(sdkFile), CONTENT_TYPES['.js'], { 'cache-control': CACHE_CONTROL.sdk, 'cross-origin-resource-policy': 'cross-origin' });
    this.page = asset(readFileSync(pageFile), CONTENT_TYPES['.html'], {
      'cache-control': CACHE_CONTROL.page,
      'content-security-policy': EDITOR_FRAME_CSP,
      'referrer-policy': 'no-referrer',
    });
    const assetsDir = path.join(dir, 'app', 'assets');
    for (const name of existsSync(assetsDir) ? readdirSync(assetsDir) : []) {
      const type = CONTENT_TYPES[path.extname(name)];
      // Public and the same for everyone: any page may read them, as the SDK's page does when it
      // imports the journal's module (a CORS fetch), and a webmail loads the images emails point at.
      const shared: Record<string, string> = type === CONTENT_TYPES['.png'] ? { 'cross-origin-resource-policy': 'cross-origin' } : {};
      if (type) this.files.set(name, asset(readFileSync(path.join(assetsDir, name)), type, { 'cache-control': CACHE_CONTROL.immutable, 'access-control-allow-origin': '*', ...shared }));
    }
  }

  /** What `/editor/v1/app/<rest>` serves: the page for the folder itself, else a hashed asset. */
  underApp(rest: string): EditorAsset | undefined {
    if (rest === '' || rest === 'index.html') return this.page;
    const match = /^assets\/([A-Za-z0-9_.-]+)$/.exec(rest);
    return match ? this.files.get(match[1]) : undefined;
  }
}
