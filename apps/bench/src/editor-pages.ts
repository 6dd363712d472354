import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The pages the editor bench opens: an integrator's page embedding our editor as contracts
// §7 shows, and GrapesJS with its newsletter preset, both from npm and served from here
// with the same long-lived caching our editor's hashed files get.

export interface LocalSite {
  origin: string;
  close(): Promise<void>;
}

function serve(handler: (url: string, method: string) => Promise<{ type: string; body: string | Buffer; cache?: boolean }>): Promise<LocalSite> {
  const server: Server = createServer((request, response) => {
    void handler(request.url ?? '/', request.method ?? 'GET').then(
      ({ type, body, cache }) => response.writeHead(200, { 'content-type': type, 'cache-control': cache ? 'public, max-age=31536000, immutable' : 'no-cache' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ origin: `http://localhost:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** Our editor in an integrator's page: `/?design=<id>` mounts it on that design and records `window.readyAt`. */
export function integratorSite(serviceUrl: string, mintToken: (origin: string) => Promise<string>): Promise<LocalSite> {
  let origin = '';
  const site = serve(async (url, method) => {
    if (method === 'POST') return { type: 'application/json', body: await mintToken(origin) };
    const design = new URL(url, 'http://x').searchParams.get('design') ?? '';
    return {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>Integrator</title></head><body style="margin:0">
<div id="editor" style="height:900px"></div>
<script src="${serviceUrl}/editor/v1/embed.js"></script>
<script>
  EmbedEditor.mount(document.getElementById('editor'), {
    designId: ${JSON.stringify(design)},
    getToken: async () => (await fetch('/token', { method: 'POST' })).json(),
  }).then((editor) => { window.editor = editor; window.readyAt = performance.now(); }, (error) => { window.failed = error; });
</script></body></html>`,
    };
  });
  return site.then((s) => ((origin = s.origin), s));
}

/** `npm run bench` runs from the repository's root. */
const npmFile = (relative: string) => readFileSync(path.join(process.cwd(), 'node_modules', relative));

/** GrapesJS (npm) with grapesjs-preset-newsletter, loading `html` and `css` as its content; records `window.readyAt` on its load event. */
export function grapesSite(html: string, css: string): Promise<LocalSite> {
  const files: Record<string, { type: string; body: Buffer }> = {
    '/grapes.min.js': { type: 'text/javascript', body: npmFile('grapesjs/dist/grapes.min.js') },
    '/grapes.min.css': { type: 'text/css', body: npmFile('grapesjs/dist/css/grapes.min.css') },
    '/newsletter.js': { type: 'text/javascript', body: npmFile('grapesjs-preset-newsletter/dist/index.js') },
  };
  return serve(async (url) => {
    const file = files[url];
    if (file) return { ...file, cache: true };
    return {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>GrapesJS</title><link rel="stylesheet" href="/grapes.min.css"></head><body style="margin:0">
<div id="gjs" style="height:900px"></div>
<script src="/grapes.min.js"></script><script src="/newsletter.js"></script>
<script>
  const editor = grapesjs.init({
    container: '#gjs', height: '900px', storageManager: false, cssIcons: '',
    plugins: [window['grapesjs-preset-newsletter']],
    components: ${JSON.stringify(html).replace(/</g, '\\u003c')},
    style: ${JSON.stringify(css).replace(/</g, '\\u003c')},
  });
  editor.on('load', () => { window.editor = editor; window.readyAt = performance.now(); });
</script></body></html>`,
    };
  });
}

/** The platform's floor for typing: one plain contenteditable paragraph, no editor, in the same Chromium. */
export function bareEditableSite(): Promise<LocalSite> {
  return serve(async () => ({
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head><meta charset="utf-8"><title>contenteditable</title></head><body>
<p contenteditable="true" role="textbox" aria-label="Text" style="width:600px">Garment-dyed European linen</p>
<script>window.readyAt = performance.now();</script></body></html>`,
  }));
}
