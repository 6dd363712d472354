// @lane shared
// A new design's create that the service committed, whose answer was then lost to a 503,
// in real Chromium against the real stack (issue 28): the editor tries again by itself,
// with the same Idempotency-Key and body, and the service answers the design it made.
import { call, newProject } from './support/api';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';

describe('the editor’s create, tried again after a lost answer', () => {
  const browser = editorBrowser();

  it('makes one design, and saves the edits made meanwhile onto it', async () => {
    const { testKey } = newProject('email');
    const host = await browser.open({ key: testKey, userId: 'retrier' });
    const { page } = browser;
    const sentKeys: (string | undefined)[] = [];
    // The first create reaches the service and is done there; its answer is replaced by a 503, as a gateway past its deadline answers.
    await page.route(
      (url) => url.pathname === '/editor/v1/designs',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        sentKeys.push(route.request().headers()['idempotency-key']);
        if (sentKeys.length > 1) return route.continue();
        expect((await route.fetch()).status()).toBe(201);
        return route.fulfill({
          status: 503,
          headers: { 'access-control-allow-origin': host.origin, 'content-type': 'application/json' },
          body: JSON.stringify({ error: 'The service is briefly unavailable; nothing was changed. Retry.', code: 'service_unavailable' }),
        });
      },
    );
    expect(await mountEditor(page)).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const subject = frame.getByRole('textbox', { name: 'Subject' });
    await subject.fill('Sent once');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    await frame.locator('.save-state.failed').waitFor();
    await subject.fill('Typed while it failed');

    const { designId } = await firstSave(page);
    await frame.locator('.save-state.saved').waitFor({ timeout: 20_000 });
    const list = await call('GET', '/embed/v1/users/retrier/designs', { bearer: testKey });
    expect(list.body.designs.map((design: { id: string }) => design.id)).toEqual([designId]);
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sentKeys[1]).toBe(sentKeys[0]);
    const stored = await call('GET', `/embed/v1/users/retrier/designs/${designId}`, { bearer: testKey });
    expect(stored.body).toMatchObject({ revision: 1, doc: { settings: { subject: 'Typed while it failed' } } });
  });
});
