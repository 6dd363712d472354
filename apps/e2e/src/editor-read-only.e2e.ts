// @lane shared
// The editor in a real browser, held to what its token and its design may do: a read
// token mounts it read-only whatever the page asked, a read-only link never takes the
// editor's place, the frame cannot make the SDK call outside the editor API, and a
// design's font stylesheet cannot restyle the editor's controls.
import type { Frame, Request } from 'playwright-core';
import { EDITOR_SITE, editorSession, exampleDesign, newProject, saveDesign } from './support/api';
import { editorBrowser, editorFrame, mountEditor } from './support/integrator-page';
import { baseUrl, waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('read-only');

jest.setTimeout(120_000);

/** The email example with one text block more, holding a link to `href`. */
function designWithLink(href: string) {
  const doc = exampleDesign('email');
  doc.body.rows.push({ columns: [{ blocks: [{ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Read the terms', href }] }] }] }] });
  return doc;
}

/** Posts `request` to the SDK as the frame's API call number `id`, and resolves with the SDK's answer. */
function askSdk(frame: Frame, id: number, request: unknown): Promise<{ status: number; body: any }> {
  return frame.evaluate(
    ([callId, asked]) =>
      new Promise((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.type === 'api-result' && event.data.id === callId) resolve(event.data.response);
        });
        window.parent.postMessage({ protocol: 'embed-editor', version: 1, type: 'api', id: callId, request: asked }, '*');
      }),
    [id, request] as const,
  );
}

describe('the editor held to its token and its design', () => {
  const browser = editorBrowser();

  it('mounts read-only for a read token though the page asked to edit, and opens a text link in a new tab, not in its frame', async () => {
    const { testKey } = newProject('email');
    const target = `${baseUrl()}/healthz`;
    const design = await saveDesign(testKey, 'reader', 'Look only', designWithLink(target));
    await browser.open({ key: testKey, userId: 'reader', tokenAccess: 'read' });
    const { page } = browser;
    expect(await mountEditor(page, { designId: design.id, readOnly: false })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await frame.getByRole('link', { name: 'Read the terms' }).waitFor();

    expect(await frame.getByRole('toolbar', { name: 'Blocks' }).count()).toBe(0);
    for (const name of ['Save', 'Undo', 'Redo']) expect(await frame.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await frame.locator('[contenteditable]:not([contenteditable="false"])').count()).toBe(0);
    expect(await frame.getByRole('status').filter({ hasText: 'Read only' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as any).editor.save().then(() => 'saved', (error: { code: string }) => error.code))).toBe('editor_read_only');

    const frameUrl = frame.url();
    const opened = page.context().waitForEvent('page', { timeout: 10_000 });
    await frame.getByRole('link', { name: 'Read the terms' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(target);
    // Opened without a handle on the editor's window.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    expect(frame.url()).toBe(frameUrl);
    expect(await frame.getByRole('link', { name: 'Read the terms' }).count()).toBe(1);
  });

  it('shows, read-only, a save made elsewhere when it happens: the newer revision, and a notice saying so', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'reader', 'Look only', designWithLink('https://example.com/terms'));
    await browser.open({ key: testKey, userId: 'reader', tokenAccess: 'read' });
    const { page } = browser;
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await frame.getByRole('link', { name: 'Read the terms' }).waitFor();

    // The person saves elsewhere (another tab, with an editing token): a text changed.
    const { editor } = await editorSession(testKey, 'reader');
    const theirs = designWithLink('https://example.com/terms');
    theirs.body.rows.at(-1).columns[0].blocks[0].content[0].content[0].text = 'Read the new terms';
    const saved = await editor('PUT', `/designs/${design.id}`, { body: { doc: theirs, baseRevision: design.revision } });
    expect(saved.status).toBe(200);
    await waitFor('the newer revision shown', async () => (await frame.getByRole('link', { name: 'Read the new terms' }).count()) === 1, 30_000);
    expect(await frame.getByRole('status').filter({ hasText: `saved elsewhere (revision ${saved.body.revision})` }).count()).toBe(1);
    expect(await page.evaluate(() => (window as any).editor.getDesign())).toEqual(theirs);
    // Still read-only: nothing to edit, nothing saved.
    expect(await frame.getByRole('toolbar', { name: 'Blocks' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/read-only-saved-elsewhere-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/read-only-saved-elsewhere-390.png` });
  });

  it('lets the frame ask only for editor API operations: a path of %2e%2e segments never leaves the editor API', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'writer', 'Mine');
    const { page, frame } = await browser.editor(testKey, 'writer', { designId: design.id });
    const sent: string[] = [];
    // What the browser asked of the service (the design's web fonts go elsewhere).
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.origin === baseUrl()) sent.push(url.pathname);
    });

    const asked = [
      // What the frame could ask before: a path, which the browser resolves to /embed/v1/tokens.
      { method: 'POST', path: '/editor/v1/%2e%2e/%2e%2e/embed/v1/tokens', json: { user: { id: 'someone-else' }, origin: EDITOR_SITE } },
      { op: 'getDesign', designId: '%2e%2e/%2e%2e/embed/v1/tokens' },
      { op: 'saveDesign', designId: `${design.id}/../../../embed/v1/render`, body: {} },
      { op: 'forgetEverything' },
    ];
    for (const [index, request] of asked.entries()) {
      const answer = await askSdk(frame, 9000 + index, request);
      expect({ request, status: answer.status, code: answer.body?.code }).toEqual({ request, status: 0, code: 'request_invalid' });
    }
    // An operation it knows still works.
    expect((await askSdk(frame, 9100, { op: 'getDesign', designId: design.id })).status).toBe(200);
    expect(sent.filter((path) => !path.startsWith('/editor/v1/'))).toEqual([]);
    expect(sent).toContain(`/editor/v1/designs/${design.id}`);
  });

  it('takes only the font faces of a design’s font stylesheet: its other rules never reach the editor’s controls', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    doc.body.fonts = [{ family: 'Hostile Sans', url: 'https://fonts.hostile.example/css?family=Hostile+Sans' }];
    const design = await saveDesign(testKey, 'styled', 'Fonts', doc);
    const { page } = browser;
    await page.route('https://fonts.hostile.example/**', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/css', 'access-control-allow-origin': '*' },
        body: [
          'button, [role="toolbar"] { display: none !important; }',
          'body { visibility: hidden !important; }',
          ":host { display: block !important; position: fixed !important; inset: 0 !important; background: red !important; z-index: 99999 !important; }",
          "@font-face { font-family: 'Hostile Sans'; src: url(https://fonts.hostile.example/hostile.woff2) format('woff2'); }",
          "@font-face { font-family: 'Arial'; src: url(https://fonts.hostile.example/arial.woff2) format('woff2'); }",
        ].join('\n'),
      }),
    );
    await browser.open({ key: testKey, userId: 'styled' });
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    const frame = await editorFrame(page);

    const faces = await waitFor('the stylesheet to have loaded', async () => {
      const texts = await frame.evaluate(() => document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)));
      const linked = await frame.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.startsWith('https://fonts.hostile.example/')));
      return texts.length || linked ? texts : false;
    });
    const text = frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true });
    // Clicked as a person would: visible, and with nothing of the stylesheet drawn over it.
    await text.click({ timeout: 5000 });
    expect(await frame.evaluate(() => getComputedStyle(document.body).visibility)).toBe('visible');
    expect(faces).toEqual([expect.stringMatching(/^@font-face \{ font-family: "Hostile Sans"; src: url\("https:\/\/fonts\.hostile\.example\/hostile\.woff2"\)/)]);
    await page.unroute('https://fonts.hostile.example/**');
  });
});
