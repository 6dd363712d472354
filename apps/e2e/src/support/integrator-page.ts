import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { call, retrying503 } from './api';
import { baseUrl, waitFor } from './stack';

export interface IntegratorPageOptions {
  /** The project's test key: the page's server mints tokens with it, as an integrator's does. */
  key: string;
  /** The person the tokens are for (until another signs in). */
  userId: string;
  /** The origin tokens are minted for; the page's own by default (another site's, to prove it fails). */
  tokenOrigin?: string;
  /** Extra CSS for the host page (hostile styles must not reach the editor). */
  css?: string;
  /** What the page's tokens allow (contracts §3); edit when left out. */
  tokenAccess?: 'edit' | 'read';
}

/**
 * An integrator's page on its own origin (http://localhost:<port>), served by a small
 * server of its own that mints editor tokens with the project's key. The page loads the
 * SDK from the service exactly as contracts §7 shows, under a strict CSP that allows only
 * the service's origin, and offers `window.mountEditor(options)` to tests; the SDK's
 * events are collected in `window.editorEvents`.
 */
export class IntegratorPage {
  private constructor(
    private readonly server: Server,
    private readonly state: { origin: string; tokensMinted: number; userId: string },
  ) {}

  get origin(): string {
    return this.state.origin;
  }

  /** Another person signs in to the integrator's product: the page's server mints their tokens from now on. */
  signIn(userId: string): void {
    this.state.userId = userId;
  }

  /** How often the page's getToken reached its server. */
  get tokensMinted(): number {
    return this.state.tokensMinted;
  }

  static async start(options: IntegratorPageOptions): Promise<IntegratorPage> {
    const service = baseUrl();
    const state = { origin: '', tokensMinted: 0, userId: options.userId };
    const server = createServer((request, response) => {
      if (request.method === 'POST' && request.url === '/my-editor-token') {
        state.tokensMinted++;
        void mintToken(service, options.key, state.userId, options.tokenOrigin ?? state.origin, options.tokenAccess).then(
          (body) => response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body),
          (error: Error) => response.writeHead(502).end(error.message),
        );
        return;
      }
      if (request.method !== 'GET' || request.url !== '/') return void response.writeHead(404).end();
      const nonce = randomBytes(16).toString('base64');
      response
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}' ${service}; frame-src ${service}; connect-src 'self' ${service}; style-src 'self' 'nonce-${nonce}'`,
        })
        .end(hostHtml(service, nonce, options.css ?? ''));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    state.origin = `http://localhost:${port}`;
    return new IntegratorPage(server, state);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** As an integrator's server mints a token: a 503 (briefly unavailable, nothing changed) is asked again. */
async function mintToken(service: string, key: string, userId: string, origin: string, access?: 'edit' | 'read'): Promise<string> {
  const body = { user: { id: userId }, origin, ...(access && { access }) };
  const answer = await retrying503(() => call('POST', '/embed/v1/tokens', { base: service, bearer: key, body }), 3);
  if (answer.status !== 200) throw new Error(`token: ${answer.status} ${answer.text}`);
  return answer.text;
}

const hostHtml = (service: string, nonce: string, css: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Integrator</title><style nonce="${nonce}">#editor { height: 760px } ${css}</style></head>
<body>
<h1>Integrator's product</h1>
<div id="editor"></div>
<script src="${service}/editor/v1/embed.js"></script>
<script type="module" nonce="${nonce}">
  window.editorEvents = [];
  window.mountEditor = async (options = {}) => {
    try {
      const editor = await EmbedEditor.mount(document.getElementById('editor'), {
        ...options,
        getToken: async () => (await fetch('/my-editor-token', { method: 'POST' })).json().then((b) => b.token),
      });
      for (const name of ['change', 'save', 'error']) editor.on(name, (detail) => window.editorEvents.push({ name, detail }));
      window.editor = editor;
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  };
</script>
</body>
</html>`;

/** Debian's Chromium, driven by playwright-core (no browser download); one per test file. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}

/** The editor's frame in the page, once it has loaded. */
export async function editorFrame(page: Page): Promise<Frame> {
  return waitFor('the editor frame', async () => page.frames().find((frame) => frame.url().includes('/editor/v1/app/')) ?? false);
}

/** Mounts the editor in the integrator's page; resolves with what mount gave (`{ok, error}`). */
export function mountEditor(page: Page, options: Record<string, unknown> = {}): Promise<{ ok: boolean; error?: { code: string; message: string } }> {
  return page.evaluate((mountOptions) => (window as any).mountEditor(mountOptions), options);
}

/** The SDK events the page has seen, of one name. */
export function editorEvents(page: Page, name: string): Promise<any[]> {
  return page.evaluate((eventName) => (window as any).editorEvents.filter((event: any) => event.name === eventName).map((event: any) => event.detail), name);
}

/** Puts a merge tag at the text's caret from the formatting toolbar's menu. */
export async function insertMergeTag(frame: Frame, tag: string): Promise<void> {
  await frame.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Merge tag' }).click();
  await frame.getByRole('menuitem', { name: tag, exact: false }).click();
}

/** The first `save` event the page has seen, once one has come. */
export async function firstSave(page: Page): Promise<{ designId: string; revision: number }> {
  const [saved] = await waitFor('a save event', async () => {
    const saves = await editorEvents(page, 'save');
    return saves.length ? saves : false;
  });
  return saved;
}

/**
 * One Chromium for a test file, with default settings, and a fresh page per test, with
 * integrator pages started on demand and closed at the end: the hooks every editor test file needs.
 */
export function editorBrowser() {
  let browser: Browser;
  const hosts: IntegratorPage[] = [];
  const state = {
    page: undefined as unknown as Page,
    /** Starts an integrator page of its own and opens it in the test's page. */
    async open(options: IntegratorPageOptions): Promise<IntegratorPage> {
      const host = await IntegratorPage.start(options);
      hosts.push(host);
      await state.page.goto(`${host.origin}/`);
      return host;
    },
    /** Opens an integrator page of the project `key` for `userId`, mounts the editor with `mount` (it must mount) and answers the page and the editor's frame. */
    async editor(key: string, userId: string, mount: Record<string, unknown> = {}): Promise<{ page: Page; frame: Frame }> {
      await state.open({ key, userId });
      expect(await mountEditor(state.page, mount)).toEqual({ ok: true });
      return { page: state.page, frame: await editorFrame(state.page) };
    },
  };
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(hosts.map((host) => host.close()));
  });
  beforeEach(async () => {
    state.page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await state.page.close();
  });
  return state;
}
