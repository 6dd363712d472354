// @lane shared
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { journalScript } from './support/host-journal';
import { launchChromium } from './support/integrator-page';

// The editor's journal and persistent undo in real Chromium and its real IndexedDB: a page
// on a loopback origin loads the journal module as the SDK bundles it (the SDK keeps the
// journal in the integrator's page), journals 300 undo steps, is reloaded, and gets them back.
// The page opens its journal as the SDK does, with a person's key (here a fixed one).

/** In the page: the journal opened with the test person's key, as the SDK opens it. */
declare global {
  interface Window {
    openJournal(name?: string): Promise<any>;
  }
}
const PERSON_KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

describe('the editor journal in Chromium', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const script = `${await journalScript()}\nconst { Journal, JournalKeys, keyBytes } = window.editorJournal;\nwindow.openJournal = async (name) => Journal.open(await JournalKeys.derive(keyBytes(${JSON.stringify(PERSON_KEY)})), name);`;
    server = createServer((request, response) => {
      if (request.url === '/journal.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>journal</title><script src="/journal.js"></script>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('keeps unsaved changes and 300 undo steps across a reload, and forgets the changes once a save is confirmed', async () => {
    await page.goto(origin);
    const change = await page.evaluate(async () => {
      const { EditorHistory } = (window as any).editorJournal;
      const history = new EditorHistory({ schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [] } });
      for (let step = 1; step <= 300; step++) history.apply({ type: 'rename', name: step % 2 ? `Name ${step}` : undefined });
      const journal = await window.openJournal();
      const journaled = await journal.record('D1', { designId: 'D1', baseRevision: 7, doc: history.doc, history: history.serialize() });
      journal.close();
      return journaled;
    });

    await page.reload();
    const recovered = await page.evaluate(async () => {
      const { EditorHistory } = (window as any).editorJournal;
      const journal = await window.openJournal();
      const entry = await journal.unsaved('D1');
      const history = EditorHistory.restore(entry.history);
      let undone = 0;
      while (history.canUndo) {
        history.undo();
        undone++;
      }
      journal.close();
      return { baseRevision: entry.baseRevision, name: entry.doc.name, undone, first: history.doc.name ?? null };
    });
    expect(recovered).toEqual({ baseRevision: 7, name: undefined, undone: 300, first: null });

    const afterSave = await page.evaluate(async (confirmed) => {
            const journal = await window.openJournal();
      await journal.confirm('D1', confirmed, { designId: 'D1', revision: 8 });
      const left = await journal.unsaved('D1');
      const kept = (await journal.entry('D1')).history;
      journal.close();
      return { left: left ?? null, steps: kept.undo.length };
    }, change);
    expect(afterSave).toEqual({ left: null, steps: 300 });
  });

  it('numbers every change once when two editors journal at the same moment: a write checks that what it read is unchanged', async () => {
    await page.goto(origin);
    const numbers = await page.evaluate(async () => {
            const [first, second] = await Promise.all([window.openJournal('concurrent'), window.openJournal('concurrent')]);
      const doc = { schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [] } };
      const change = { designId: 'D2', baseRevision: 1, doc, history: { version: 1, doc, undo: [], redo: [] } };
      const written = await Promise.all(Array.from({ length: 50 }, (_, at) => (at % 2 ? first : second).record('D2', change)));
      first.close();
      second.close();
      return written.sort((a: number, b: number) => a - b);
    });
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, at) => at + 1));
  });
});
