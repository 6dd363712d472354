// @lane shared
// The editor at work, in real Chromium against the real stack (issue 14): its checks agree
// with the server's warnings, saves survive going offline, a closed tab and a conflict
// with another page, undo survives a reload, read-only changes nothing, and the French
// editor shows no English word. The browser keeps its default settings: its
// third-party-cookie deprecation refuses storage to the editor's frame, and the journal
// lives in the integrator's page's IndexedDB, kept by the SDK.
import type { Frame, Page } from 'playwright-core';
import { call, editorSession, exampleDesign, newProject, saveDesign } from './support/api';
import { editorCatalogues } from './support/editor-words';
import { hostJournal, JOURNAL_DATABASE, journalKeyOf } from './support/host-journal';
import { editorBrowser, editorEvents, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

/** The email example with its hero image's alt text taken out: one image-alt finding. */
function emailWithoutAlt() {
  const doc = exampleDesign('email');
  doc.body.rows[1].columns[0].blocks[0].alt = '';
  return doc;
}

/** The design as the service has it now (getDesign with the project's key). */
async function stored(key: string, userId: string, designId: string) {
  const answer = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: key });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The findings the checks panel shows now, in its words. */
const panelFindings = (frame: Frame) => frame.locator('.checks .findings button').allTextContents();

/** What the frame gets when it opens IndexedDB itself: the browser refuses it storage, being of another site than the page. */
const frameStorage = (frame: Frame): Promise<string> =>
  frame.evaluate(
    () =>
      new Promise<string>((resolve) => {
        try {
          const opened = indexedDB.open('probe');
          opened.onsuccess = () => resolve('open');
          opened.onerror = () => resolve(opened.error?.name ?? 'error');
        } catch (error) {
          resolve((error as Error).name);
        }
      }),
  );

/**
 * Offline, changes the subject and saves: the save state shows `state` in its words; back
 * online, the service gets the change as the design's next revision.
 */
async function saveOfflineThenOnline(page: Page, frame: Frame, design: { key: string; userId: string; designId: string }, subject: string, state: 'offline' | 'offlineUnkept') {
  await page.context().setOffline(true);
  await frame.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await frame.getByRole('button', { name: 'Save', exact: true }).click();
  const status = frame.locator(`.save-state.${state}`);
  await status.waitFor();
  expect(await status.textContent()).toBe(editorCatalogues().en[`save.state.${state}`]);
  await page.context().setOffline(false);
  const saved = await waitFor('the change saved once online', async () => {
    const now = await stored(design.key, design.userId, design.designId);
    return now.revision === 1 && now;
  });
  expect(saved.doc.settings.subject).toBe(subject);
}

/** A second browser page (a context of its own, as another person's), on the integrator's page. */
async function anotherPage(page: Page, origin: string): Promise<Page> {
  const other = await page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } });
  await other.goto(`${origin}/`);
  return other;
}

/** The findings a render makes too: texts not yet translated are the editor's own finding (a render in a language lists the fallbacks it took instead). */
const rendersToo = (findings: string[]) => findings.filter((finding) => !finding.includes('not yet translated'));

describe('the editor at work', () => {
  const browser = editorBrowser();

  it('shows a missing alt text in the checks panel, selects the image from it, clears it once typed, and agrees with the render’s warnings', async () => {
    const { testKey } = newProject('email');
    const template = emailWithoutAlt();
    const { page, frame } = await browser.editor(testKey, 'checker', { template });

    const finding = frame.locator('.checks [data-check="image-alt"]');
    await finding.waitFor();
    const words = await waitFor('the checks panel’s findings', async () => {
      const shown = await panelFindings(frame);
      return shown.length > 0 && shown;
    });
    // The checks ran off the page's thread, where typing never waits for them.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(expect.stringMatching(/\/checks-worker-\w+\.js$/));
    const rendered = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: template } });
    expect(rendered.status).toBe(200);
    expect([...rendered.body.warnings].sort()).toEqual([...rendersToo(words)].sort());
    expect(rendered.body.warnings).toContain(await finding.textContent());

    await finding.click();
    const image = frame.locator('[data-block-path="1.0.0"]');
    await waitFor('the image block selected and focused', async () =>
      image.evaluate((element) => element.classList.contains('selected') && element === document.activeElement),
    );
    await frame.getByRole('textbox', { name: 'Alternative text' }).fill('Two hikers on a spring trail');
    await finding.waitFor({ state: 'detached' });
    const fixed = await page.evaluate(() => (window as any).editor.getDesign());
    expect(fixed.body.rows[1].columns[0].blocks[0].alt).toBe('Two hikers on a spring trail');
    const renderedFixed = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: fixed } });
    expect(renderedFixed.body.warnings).not.toContain(await waitFor('the finding’s words', async () => words.find((text) => rendered.body.warnings.includes(text))));
    expect([...renderedFixed.body.warnings].sort()).toEqual([...rendersToo(await panelFindings(frame))].sort());
  });

  it('offline, says the changes are kept on this device, and saves them once online', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'kept', 'Kept', exampleDesign('email'));
    const { page, frame } = await browser.editor(testKey, 'kept', { designId: design.id });
    expect(await frameStorage(frame)).not.toBe('open');
    await saveOfflineThenOnline(page, frame, { key: testKey, userId: 'kept', designId: design.id }, 'Kept on this device', 'offline');
  });

  it('offline, in a page whose IndexedDB refuses the journal, says the changes live only in this page, and saves them once online', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'unkept', 'Unkept', exampleDesign('email'));
    await browser.open({ key: testKey, userId: 'unkept' });
    const { page } = browser;
    // The page's storage has the journal's database at a version this SDK does not know (as
    // a newer SDK would leave it): IndexedDB refuses the SDK's open.
    await page.evaluate(
      (database) =>
        new Promise<void>((resolve, reject) => {
          const opened = indexedDB.open(database, 99);
          opened.onsuccess = () => resolve(opened.result.close());
          opened.onerror = () => reject(opened.error);
        }),
      JOURNAL_DATABASE,
    );
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await saveOfflineThenOnline(page, frame, { key: testKey, userId: 'unkept', designId: design.id }, 'Kept in the page', 'offlineUnkept');
  });

  it('journals a save made offline in the page, and saves it once the closed page is opened again online', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'traveller', 'Offline', exampleDesign('email'));
    const host = await browser.open({ key: testKey, userId: 'traveller' });
    // A context of its own, whose storage outlives the page closed below, as a browser's profile does.
    const context = await browser.page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const before = await context.newPage();
      await before.goto(`${host.origin}/`);
      expect(await mountEditor(before, { designId: design.id })).toEqual({ ok: true });
      let frame = await editorFrame(before);
      expect(await frameStorage(frame)).not.toBe('open');
      const journalKey = await journalKeyOf(testKey, 'traveller', host.origin);
      const subject = frame.getByRole('textbox', { name: 'Subject' });
      await subject.waitFor();
      await context.setOffline(true);
      await subject.fill('Written on a train');
      await frame.getByRole('button', { name: 'Save', exact: true }).click();
      await frame.locator('.save-state.offline').waitFor();
      await waitFor('the change in the page’s journal', async () => (await hostJournal(before, journalKey)).entries.some((entry) => entry.unsaved && entry.subject === 'Written on a train'));
      await before.close();
      expect(await stored(testKey, 'traveller', design.id)).toMatchObject({ revision: 0, doc: { settings: { subject: design.doc.settings.subject } } });

      await context.setOffline(false);
      const after = await context.newPage();
      await after.goto(`${host.origin}/`);
      expect(await mountEditor(after, { designId: design.id })).toEqual({ ok: true });
      frame = await editorFrame(after);
      const saved = await waitFor('the journaled change saved', async () => {
        const now = await stored(testKey, 'traveller', design.id);
        return now.revision === 1 && now;
      });
      expect(saved.doc).toEqual({ ...design.doc, settings: { ...design.doc.settings, subject: 'Written on a train' } });
      expect(await frame.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Written on a train');
      await waitFor('the journal emptied by the save', async () => {
        const { entries } = await hostJournal(after, journalKey);
        return entries.length === 1 && !entries[0].unsaved;
      });
    } finally {
      await context.close();
    }
  });

  it('undoes 300 steps after the page is reloaded', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'undoer', 'Undo', exampleDesign('email'));
    const host = await browser.open({ key: testKey, userId: 'undoer' });
    const { page } = browser;
    const journalKey = await journalKeyOf(testKey, 'undoer', host.origin);
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    let frame = await editorFrame(page);
    // Two fields in turn: each change is a step of its own (typing in one field joins its last step).
    for (let step = 1; step <= 300; step++) await frame.getByRole('textbox', { name: step % 2 ? 'Subject' : 'Preheader' }).fill(`Step ${step}`);
    await waitFor('300 steps in the page’s journal', async () => (await hostJournal(page, journalKey)).entries.some((entry) => entry.key === design.id && entry.undoSteps === 300));

    await page.reload();
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    frame = await editorFrame(page);
    const subject = frame.getByRole('textbox', { name: 'Subject' });
    expect([await subject.inputValue(), await frame.getByRole('textbox', { name: 'Preheader' }).inputValue()]).toEqual(['Step 299', 'Step 300']);
    const undo = frame.getByRole('button', { name: 'Undo', exact: true });
    for (let step = 300; step >= 1; step--) await undo.click();
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    await waitFor('the design as it was opened', async () => (await subject.inputValue()) === design.doc.settings.subject);
    const undone = await waitFor('the page told of the last undo', async () => {
      const doc = await page.evaluate(() => (window as any).editor.getDesign());
      return doc.settings.subject === design.doc.settings.subject && doc;
    });
    expect(undone).toEqual(design.doc);
  }, 180_000);

  it('asks the second of two pages that save the same design, and keeping mine leaves theirs a restore point', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'twice', 'Shared', exampleDesign('email'));
    const host = await browser.open({ key: testKey, userId: 'twice' });
    const theirs = browser.page;
    const mine = await anotherPage(theirs, host.origin);
    try {
      expect(await mountEditor(theirs, { designId: design.id })).toEqual({ ok: true });
      expect(await mountEditor(mine, { designId: design.id })).toEqual({ ok: true });
      const theirFrame = await editorFrame(theirs);
      const myFrame = await editorFrame(mine);
      await theirFrame.getByRole('textbox', { name: 'Subject' }).fill('Their subject');
      await theirFrame.getByRole('button', { name: 'Save', exact: true }).click();
      expect(await firstSave(theirs)).toEqual({ designId: design.id, revision: 1 });

      // Mine is still the revision both opened; changed and saved at once, so that no autosave goes first.
      await myFrame.getByRole('textbox', { name: 'Subject' }).fill('My subject');
      await myFrame.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = myFrame.getByRole('alertdialog', { name: 'Someone else saved this design' });
      await dialog.waitFor();
      expect(await stored(testKey, 'twice', design.id)).toMatchObject({ revision: 1, doc: { settings: { subject: 'Their subject' } } });
      expect(await editorEvents(mine, 'save')).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep mine' }).click();

      const kept = await waitFor('mine saved on top of theirs', async () => {
        const now = await stored(testKey, 'twice', design.id);
        return now.revision === 2 && now;
      });
      expect(kept.doc).toEqual({ ...design.doc, settings: { ...design.doc.settings, subject: 'My subject' } });
      const { editor } = await editorSession(testKey, 'twice');
      const listed = await editor('GET', `/designs/${design.id}/revisions`);
      expect(listed.status).toBe(200);
      expect(listed.body.revisions.map((point: any) => point.revision)).toEqual([2, 1, 0]);
      const subjectOf = async (revision: number) => (await editor('GET', `/designs/${design.id}/revisions/${revision}`)).body.doc.settings.subject;
      expect([await subjectOf(0), await subjectOf(1)]).toEqual([design.doc.settings.subject, 'Their subject']);
      await myFrame.getByRole('button', { name: 'Restore points', exact: true }).click();
      await myFrame.getByRole('dialog', { name: 'Restore points' }).getByRole('listitem').filter({ hasText: 'Revision 1' }).waitFor();
    } finally {
      await mine.close();
    }
  });

  it('read-only, refuses typing, drops and shortcuts, and still previews and exports', async () => {
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    const design = await saveDesign(testKey, 'reader', 'Look only', template);
    const { page, frame } = await browser.editor(testKey, 'reader', { designId: design.id, readOnly: true });
    await frame.locator('[data-block-path="1.0.2"]').waitFor();

    expect(await frame.locator('[contenteditable]:not([contenteditable="false"])').count()).toBe(0);
    // Which of the design's languages to read is no edit: its choice stays.
    expect(await frame.locator('input, textarea, select:not(.language-switch select), [draggable="true"]').count()).toBe(0);
    for (const name of ['Save', 'Undo', 'Redo']) expect(await frame.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await frame.getByRole('toolbar', { name: 'Blocks' }).count()).toBe(0);
    expect(await frame.getByRole('status').filter({ hasText: 'Read only' }).count()).toBe(1);

    await frame.locator('[data-block-path="1.0.2"]').click();
    await page.keyboard.type('typed');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+d');
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Control+s');
    await frame.locator('[data-block-path="2.0.0"]').dragTo(frame.locator('[data-block-path="2.1.0"]'));
    // Give any change a moment to reach the design and an autosave: there must be none.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(await page.evaluate(() => (window as any).editor.getDesign())).toEqual(template);
    expect(await editorEvents(page, 'save')).toEqual([]);
    expect(await editorEvents(page, 'change')).toEqual([]);
    expect(await stored(testKey, 'reader', design.id)).toMatchObject({ revision: 0, doc: template });

    await frame.getByRole('button', { name: 'Desktop preview', exact: true }).click();
    const preview = frame.getByRole('dialog', { name: 'Desktop preview' });
    await preview.frameLocator('iframe').locator('table').first().waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await frame.getByRole('button', { name: 'Export', exact: true }).click();
    const exporting = frame.getByRole('dialog', { name: 'Export' });
    await exporting.getByRole('button', { name: 'HTML', exact: true }).click();
    const link = exporting.getByRole('link', { name: /^Download / });
    await link.waitFor();
    expect(await link.getAttribute('download')).toMatch(/\.html$/);
    await exporting.getByRole('button', { name: 'MJML', exact: true }).click();
    await exporting.getByRole('link', { name: /\.mjml / }).waitFor();
    expect((await stored(testKey, 'reader', design.id)).revision).toBe(0);
  });

  it('in French, shows no word of the English catalogue, with the panels and dialogs open', async () => {
    const { en, fr } = editorCatalogues();
    const english = new Set(Object.keys(en).filter((key) => fr[key] !== en[key] && !en[key].includes('{')).map((key) => en[key]));
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'francophone', { template: emailWithoutAlt(), locale: 'fr' });
    await frame.locator('.checks [data-check="image-alt"]').waitFor();

    const seen: Record<string, string[]> = {};
    const look = async (where: string) => {
      const shown = await shownWords(frame);
      expect(shown).toEqual(expect.arrayContaining([fr['checks.panel.title'], fr['topbar.save']]));
      seen[where] = shown.filter((words) => english.has(words));
    };
    await look('design');
    await frame.locator('.checks [data-check="image-alt"]').click();
    await look('image selected');
    await frame.getByRole('button', { name: fr['canvas.row'].replace('{row}', '1'), exact: true }).click();
    await look('row selected');
    for (const key of ['preview.desktop', 'preview.dark', 'restore.title', 'export.title']) {
      await frame.getByRole('button', { name: fr[key], exact: true }).click();
      const dialog = frame.getByRole('dialog', { name: fr[key] });
      await dialog.waitFor();
      if (key.startsWith('preview')) await dialog.locator('iframe').waitFor();
      if (key === 'export.title') {
        await dialog.getByRole('button', { name: fr['export.format.html'], exact: true }).click();
        await dialog.getByRole('link').waitFor();
      }
      await look(key);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((where) => [where, []])));
  }, 180_000);
});

/** Every text shown in the frame, and every name and hint given to assistive technology. */
function shownWords(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const words = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (text && parent && (parent.checkVisibility() || parent.closest('select')?.checkVisibility())) words.add(text);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.checkVisibility() && element.children.length > 0 && element.innerText.trim()) words.add(element.innerText.trim());
      for (const attribute of ['aria-label', 'aria-roledescription', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) words.add(value);
      }
    }
    return [...words];
  });
}
