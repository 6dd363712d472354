// @lane shared
// The editor and the service in step (issue 30, "no false alarms, no lost work"), in real
// Chromium against the real stack: a tab closed while its autosave is in flight opens
// again without a false conflict, the conflict dialog says what differs, and a tab learns
// of another tab's save when it happens.
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { call, editorSession, exampleDesign, newProject, saveDesign } from './support/api';
import { seriousViolations } from './support/axe';
import { hostJournal, journalKeyOf } from './support/host-journal';
import { editorBrowser, editorEvents, editorFrame, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

/** The design as the service has it now (getDesign with the project's key). */
async function stored(key: string, userId: string, designId: string) {
  const answer = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: key });
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * Lets the page's next save of `designId` reach the service, which commits it, but never
 * gives the page the answer: the save is in flight when the test closes the page.
 * Resolves once the service has answered.
 */
function holdSaveAnswer(page: Page, designId: string): Promise<void> {
  return new Promise((committed) => {
    void page.route(
      (url) => url.pathname === `/editor/v1/designs/${designId}`,
      async (route: Route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        await route.fetch();
        committed();
      },
    );
  });
}

/** A screenshot of what a test shows, to be looked at, when E2E_SHOTS names a folder for them. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`) });
}

/** A second browser page (a context of its own, as another tab's), on the integrator's page at `url`, with the editor mounted on `designId`. */
async function otherPage(page: Page, url: string, designId: string): Promise<Page> {
  const other = await page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } });
  await other.goto(url);
  expect(await mountEditor(other, { designId })).toEqual({ ok: true });
  return other;
}

/** A page of its own in `context`, whose storage outlives it (as a browser profile's does), with the editor mounted on `designId`. */
async function openIn(context: BrowserContext, origin: string, designId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  expect(await mountEditor(page, { designId })).toEqual({ ok: true });
  return page;
}

describe('the editor in step with the service', () => {
  const browser = editorBrowser();

  it.each([
    ['nothing more', ''],
    ['more typed while it was in flight', ' and a little more'],
  ])('reopens a tab closed while its autosave was in flight, with %s, without a false conflict', async (_case, more) => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'closer', 'Closed mid-save', exampleDesign('email'));
    const host = await browser.open({ key: testKey, userId: 'closer' });
    const journalKey = await journalKeyOf(testKey, 'closer', host.origin);
    const context = await browser.page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const before = await openIn(context, host.origin, design.id);
      const committed = holdSaveAnswer(before, design.id);
      const subject = (await editorFrame(before)).getByRole('textbox', { name: 'Subject' });
      await subject.fill('Saved as the tab closed');
      await committed;
      if (more) {
        await subject.press('End');
        await before.keyboard.type(more);
      }
      const last = `Saved as the tab closed${more}`;
      await waitFor('the last change in the page’s journal', async () => (await hostJournal(before, journalKey)).entries.some((entry) => entry.unsaved && entry.subject === last));
      await before.close();
      expect(await stored(testKey, 'closer', design.id)).toMatchObject({ revision: 1, doc: { settings: { subject: 'Saved as the tab closed' } } });

      const after = await openIn(context, host.origin, design.id);
      const frame = await editorFrame(after);
      expect(await frame.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(last);
      await frame.locator('.save-state.saved').waitFor();
      expect(await frame.getByRole('alertdialog').count()).toBe(0);
      const saved = await waitFor('the journal in step with the service', async () => {
        const { entries } = await hostJournal(after, journalKey);
        return entries.length === 1 && !entries[0].unsaved && entries;
      });
      expect(saved).toHaveLength(1);
      expect((await stored(testKey, 'closer', design.id)).doc.settings.subject).toBe(last);
      expect((await stored(testKey, 'closer', design.id)).revision).toBe(more ? 2 : 1);
      expect(await seriousViolations(frame)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says in the conflict dialog what differs between the two versions', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'pair', 'Shared', exampleDesign('email'));
    await browser.open({ key: testKey, userId: 'pair' });
    const theirs = browser.page;
    const mine = await otherPage(theirs, theirs.url(), design.id);
    try {
      expect(await mountEditor(theirs, { designId: design.id })).toEqual({ ok: true });
      const theirFrame = await editorFrame(theirs);
      const myFrame = await editorFrame(mine);
      // Mine is changed offline, so that theirs is saved first and mine goes on the revision both opened.
      await mine.context().setOffline(true);
      await myFrame.getByRole('textbox', { name: 'Subject' }).fill('My subject');
      await theirFrame.getByRole('textbox', { name: 'Preheader' }).fill('Their preheader');
      await theirFrame.getByRole('group', { name: /^Spacer block, row 4, column 1, position 3/ }).focus();
      await theirs.keyboard.press('Delete');
      await theirFrame.getByRole('button', { name: 'Save', exact: true }).click();
      await waitFor('their save', async () => (await stored(testKey, 'pair', design.id)).revision === 1);
      await mine.context().setOffline(false);

      const dialog = myFrame.getByRole('alertdialog', { name: 'Someone else saved this design' });
      await dialog.waitFor();
      const differs = dialog.getByRole('region', { name: 'What differs' });
      expect(await differs.getByRole('listitem').allTextContents()).toEqual([
        'Subject: changed',
        'Preheader: changed',
        'Spacer block, row 4, column 1, position 3: only in yours',
      ]);
      expect(await seriousViolations(myFrame)).toEqual([]);
      await shot(mine, 'conflict-dialog');
      expect(await stored(testKey, 'pair', design.id)).toMatchObject({ revision: 1, doc: { settings: { subject: design.doc.settings.subject, preheader: 'Their preheader' } } });
      expect(await dialog.getByText('theirs stays as the restore point “Their version (revision 1)”').count()).toBe(1);

      // Keeping mine names theirs, so that thinning keeps it and the person finds it.
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await waitFor('mine saved on top', async () => (await stored(testKey, 'pair', design.id)).revision === 2);
      const { editor } = await editorSession(testKey, 'pair');
      const points = await waitFor('their point named', async () => {
        const listed = (await editor('GET', `/designs/${design.id}/revisions`)).body.revisions;
        return listed.some((point: any) => point.label) && listed;
      });
      expect(points.map((point: any) => [point.revision, point.label])).toEqual([
        [2, null],
        [1, 'Their version (revision 1)'],
        [0, null],
      ]);
    } finally {
      await mine.close();
    }
  });

  it('shows another tab’s save when it happens, before saving anything itself', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'watcher', 'Watched', exampleDesign('email'));
    await browser.open({ key: testKey, userId: 'watcher' });
    const theirs = browser.page;
    const mine = await otherPage(theirs, theirs.url(), design.id);
    try {
      expect(await mountEditor(theirs, { designId: design.id })).toEqual({ ok: true });
      const myFrame = await editorFrame(mine);
      const theirFrame = await editorFrame(theirs);
      await theirFrame.getByRole('textbox', { name: 'Subject' }).fill('Saved in the other tab');
      await theirFrame.getByRole('button', { name: 'Save', exact: true }).click();
      const subject = myFrame.getByRole('textbox', { name: 'Subject' });
      await waitFor('the other tab’s save shown here', async () => (await subject.inputValue()) === 'Saved in the other tab', 30_000);
      expect(await myFrame.getByRole('status').filter({ hasText: 'saved elsewhere (revision 1)' }).count()).toBe(1);
      expect(await editorEvents(mine, 'save')).toEqual([]);
      expect(await myFrame.getByRole('alertdialog').count()).toBe(0);

      // Mine goes on from their revision: its next save is no conflict.
      await subject.fill('Then mine');
      await myFrame.getByRole('button', { name: 'Save', exact: true }).click();
      const saved = await waitFor('mine saved on theirs', async () => {
        const now = await stored(testKey, 'watcher', design.id);
        return now.revision === 2 && now;
      });
      expect(saved.doc.settings.subject).toBe('Then mine');
      expect(await myFrame.getByRole('alertdialog').count()).toBe(0);
      expect(await seriousViolations(myFrame)).toEqual([]);
    } finally {
      await mine.close();
    }
  });

  it('keeps no restore point for an opening or a save that changes nothing, and names, previews and compares one', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'keeper', 'Kept few', exampleDesign('email'));
    const { editor } = await editorSession(testKey, 'keeper');
    const listed = async () => (await editor('GET', `/designs/${design.id}/revisions`)).body.revisions as any[];
    const { page, frame } = await browser.editor(testKey, 'keeper', { designId: design.id });
    // Opened, then saved with nothing changed, by the button and by the SDK.
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await page.evaluate(() => (window as any).editor.save())).toEqual({ designId: design.id, revision: 0 });
    // A save that changes nothing reaches the service too (another client's): its revision goes up, and it keeps no point.
    const again = await editor('PUT', `/designs/${design.id}`, { body: { doc: design.doc, autosave: true } });
    expect([again.status, again.body.revision]).toEqual([200, 1]);
    expect((await listed()).map((point) => point.revision)).toEqual([0]);

    // Typing in bursts autosaves: the autosaves of these minutes are one point.
    await page.reload();
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    const reopened = await editorFrame(page);
    const subject = reopened.getByRole('textbox', { name: 'Subject' });
    for (const burst of ['Spring', 'Spring sale', 'Spring sale now on']) {
      await subject.fill(burst);
      await waitFor(`the autosave of “${burst}”`, async () => (await stored(testKey, 'keeper', design.id)).doc.settings.subject === burst);
    }
    // One point for the three autosaves (two if they straddled a 5-minute boundary), and the design's first.
    const points = await listed();
    expect([points[0], points.at(-1)]).toMatchObject([
      { revision: 4, autosave: true },
      { revision: 0, autosave: false },
    ]);
    expect(points.length).toBeLessThanOrEqual(3);

    await reopened.getByRole('button', { name: 'Restore points', exact: true }).click();
    const dialog = reopened.getByRole('dialog', { name: 'Restore points' });
    await dialog.getByRole('button', { name: 'Look at revision 0' }).click();
    const detail = dialog.getByRole('region', { name: 'Revision 0' });
    await detail.waitFor();
    expect(await detail.getByRole('region', { name: 'What differs from the current design' }).getByRole('listitem').allTextContents()).toEqual(['Subject: changed']);
    const preview = detail.frameLocator('iframe[title="Preview of revision 0"]');
    await preview.getByText('Shop the collection').first().waitFor();
    await detail.getByRole('textbox', { name: 'Name of this restore point' }).fill('Before the sale');
    await detail.getByRole('button', { name: 'Save the name' }).click();
    await detail.getByRole('status').filter({ hasText: 'Named “Before the sale”' }).waitFor();
    expect((await listed()).map((point) => point.label)).toEqual([...points.slice(0, -1).map(() => null), 'Before the sale']);
    await dialog.getByRole('listitem').filter({ hasText: 'Before the sale' }).waitFor();
    expect(await seriousViolations(reopened)).toEqual([]);
    await shot(page, 'restore-points');
  }, 120_000);
});
