// @lane shared
// The browser keeps nothing for the wrong person (issue 28), in real Chromium against the
// real stack: one tab of an integrator's product where person A leaves a new design
// unsaved and person B signs in next; and A erased, then back under the same id. The SDK
// keeps the journal sealed with each person's key (docs/editor.md, Journal).
import type { Page } from 'playwright-core';
import { call, editorSession, expectError, newProject, saveDesign } from './support/api';
import { eraseUser, holdDesign, waitUntilErased } from './erasure-helpers';
import { query } from './support/database';
import { hostJournal, JOURNAL_DATABASE, journalKeyOf } from './support/host-journal';
import { editorBrowser, editorFrame, type IntegratorPage, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

const A_DRAFT = 'A’s private draft';

/** How many records the page's journal database holds, in whatever stores it has: an SDK's or an older one's. */
const journalRecords = (page: Page): Promise<number> =>
  page.evaluate(
    (database) =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open(database);
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          const stores = [...db.objectStoreNames];
          if (!stores.length) return (db.close(), resolve(0));
          const tx = db.transaction(stores);
          let total = 0;
          for (const store of stores) tx.objectStore(store).count().onsuccess = (event) => (total += (event.target as IDBRequest<number>).result);
          tx.oncomplete = () => (db.close(), resolve(total));
        };
      }),
    JOURNAL_DATABASE,
  );

/** The subject the editor in the page shows now. */
async function shownSubject(page: Page): Promise<string> {
  const frame = await editorFrame(page);
  const subject = frame.getByRole('textbox', { name: 'Subject' });
  await subject.waitFor();
  return subject.inputValue();
}

/** Person A, signed in, starts a new design and leaves it unsaved: its creation never reaches the service, and the page's journal keeps it. */
async function leaveDraftUnsaved(page: Page): Promise<void> {
  const creates = (url: URL) => url.pathname === '/editor/v1/designs';
  await page.route(creates, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  expect(await mountEditor(page)).toEqual({ ok: true });
  const frame = await editorFrame(page);
  await frame.getByRole('textbox', { name: 'Subject' }).fill(A_DRAFT);
  await frame.getByRole('button', { name: 'Save', exact: true }).click();
  await waitFor('the draft in the page’s journal', async () => (await journalRecords(page)) > 0);
  await page.evaluate(() => (window as any).editor.destroy());
  await page.unroute(creates);
}

/** The same tab, after a reload (as signing in to another account does), mounts a new design for whoever is signed in now. */
async function nextPersonMounts(page: Page, host: IntegratorPage, userId: string): Promise<void> {
  host.signIn(userId);
  await page.reload();
  expect(await mountEditor(page)).toEqual({ ok: true });
}

describe('the journal key the service holds for each person', () => {
  it('is the same for every token of a person, another for another person, never cached, and refused once their erasure starts', async () => {
    const { testKey } = newProject('email');
    const ada = await editorSession(testKey, 'key-ada');
    const first = await ada.editor('GET', '/session');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mode: 'email', access: 'edit', journalKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const again = await (await editorSession(testKey, 'key-ada')).editor('GET', '/session');
    expect(again.body.journalKey).toBe(first.body.journalKey);
    const bob = await (await editorSession(testKey, 'key-bob')).editor('GET', '/session');
    expect(bob.body.journalKey).not.toBe(first.body.journalKey);
    const [row] = await query<{ journalKey: Buffer }>(`SELECT "journalKey" FROM "Person" WHERE "externalId" = 'key-ada'`);
    expect(row.journalKey.toString('base64url')).toBe(first.body.journalKey);

    // A design held locked keeps the erasure running: the marking has dropped the key while the rest goes on.
    const release = await holdDesign((await saveDesign(testKey, 'key-ada')).id);
    try {
      expect((await eraseUser(testKey, 'key-ada')).status).toBe(202);
      expect(await query(`SELECT state::text, "journalKey" FROM "Person" WHERE "externalId" = 'key-ada'`)).toEqual([{ state: 'erasing', journalKey: null }]);
      expectError(await ada.editor('GET', '/session'), 409, 'user_erased');
    } finally {
      await release();
    }
  });
});

describe('the journal in a browser shared by several people', () => {
  const browser = editorBrowser();

  it('never gives person A’s unsaved new design to person B in the same tab, gives it back to A, and forgets it when A logs out', async () => {
    const { testKey } = newProject('email');
    const host = await browser.open({ key: testKey, userId: 'person-a' });
    const { page } = browser;
    await leaveDraftUnsaved(page);

    await nextPersonMounts(page, host, 'person-b');
    expect(await shownSubject(page)).not.toBe(A_DRAFT);
    const saved = await page.evaluate(() => (window as any).editor.save());
    const ofB = await call('GET', `/embed/v1/users/person-b/designs/${saved.designId}`, { bearer: testKey });
    expect(ofB.body.doc.settings.subject).not.toBe(A_DRAFT);
    const listOfB = await call('GET', '/embed/v1/users/person-b/designs', { bearer: testKey });
    expect(listOfB.body.designs).toHaveLength(1);
    const keyOfB = await journalKeyOf(testKey, 'person-b', host.origin);
    expect((await hostJournal(page, keyOfB)).entries.map((entry) => entry.subject)).not.toContain(A_DRAFT);
    await page.evaluate(() => (window as any).editor.destroy());

    // A signs in again in the same tab: their draft is theirs, and comes back.
    await nextPersonMounts(page, host, 'person-a');
    expect(await shownSubject(page)).toBe(A_DRAFT);
    const keyOfA = await journalKeyOf(testKey, 'person-a', host.origin);
    expect((await hostJournal(page, keyOfA)).entries.map((entry) => entry.subject)).toContain(A_DRAFT);
    // A logs out: the integrator's page calls forget(), and nothing of A's is left in the browser.
    await page.evaluate(() => (window as any).editor.forget());
    expect((await hostJournal(page, keyOfA)).entries).toEqual([]);
    expect((await hostJournal(page, keyOfB)).entries).toHaveLength(1);
  });

  it('gives nothing back to a new token for an erased person’s id: the draft kept in the browser is unreadable', async () => {
    const { testKey, projectId } = newProject('email');
    const host = await browser.open({ key: testKey, userId: 'erased' });
    const { page } = browser;
    const oldKey = await journalKeyOf(testKey, 'erased', host.origin);
    await leaveDraftUnsaved(page);

    expect((await eraseUser(testKey, 'erased')).status).toBe(202);
    await waitUntilErased({ projectId, environment: 'test', userId: 'erased' });

    await nextPersonMounts(page, host, 'erased');
    expect(await shownSubject(page)).not.toBe(A_DRAFT);
    const newKey = await journalKeyOf(testKey, 'erased', host.origin);
    expect(newKey).not.toBe(oldKey);
    const kept = await hostJournal(page, newKey);
    expect(kept.entries.map((entry) => entry.subject)).not.toContain(A_DRAFT);
    // The sealed copy is still in the browser until it expires, and no key the service gives opens it.
    expect(kept.records).toBeGreaterThan(kept.entries.length);
  });
});
