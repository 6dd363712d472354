import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { editorSession } from './api';

// The editor's journal as the SDK keeps it in the integrator's page: its module, bundled
// as the SDK bundles it, for tests to run in a page, and what a page's journal holds.

const repoRoot = path.resolve(__dirname, '../../../..');
export const JOURNAL_DATABASE = 'embed-editor-journal';

let bundled: Promise<string> | undefined;

/** A script that puts the journal module (and EditorHistory) on `window.editorJournal`. */
export function journalScript(): Promise<string> {
  bundled ??= build({
    stdin: {
      contents:
        "import { Journal, JournalKeys, keyBytes } from '@embed/editor-journal'; import { EditorHistory } from '@embed/editor-core'; window.editorJournal = { Journal, JournalKeys, keyBytes, EditorHistory };",
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    tsconfig: path.join(repoRoot, 'apps/editor-sdk/tsconfig.json'),
  }).then((result) => result.outputFiles[0].text);
  return bundled;
}

/** The person's journal key, as the SDK gets it with a token minted for `origin`. */
export async function journalKeyOf(key: string, userId: string, origin: string): Promise<string> {
  const { editor } = await editorSession(key, userId, origin);
  const session = await editor('GET', '/session');
  if (session.status !== 200) throw new Error(`session: ${session.status} ${session.text}`);
  return session.body.journalKey;
}

export interface HostJournalContents {
  /** Every record of the page's journal, of every person. */
  records: number;
  /** The entries the key opens: per design or draft, its subject, whether the service lacks it, its undo steps. */
  entries: { key: string; subject: string; unsaved: boolean; undoSteps: number }[];
}

/** What the page's journal holds, and which of it `journalKey` opens. */
export async function hostJournal(page: Page, journalKey: string): Promise<HostJournalContents> {
  await page.evaluate(await journalScript());
  return page.evaluate(
    async ({ database, journalKey }) => {
      const { JournalKeys, keyBytes } = (window as any).editorJournal;
      const keys = await JournalKeys.derive(keyBytes(journalKey));
      const records = await new Promise<any[]>((resolve, reject) => {
        const opened = indexedDB.open(database);
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          if (!db.objectStoreNames.contains('records')) return (db.close(), resolve([]));
          const all = db.transaction('records').objectStore('records').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => (db.close(), resolve(all.result));
        };
      });
      const opened = await Promise.all(records.map((record) => keys.open(record.id, record).catch(() => null)));
      const entries = opened
        .filter((entry) => entry !== null)
        .map((entry) => ({ key: entry.key, subject: entry.doc.settings.subject, unsaved: entry.change > entry.confirmed, undoSteps: entry.history.undo.length }));
      return { records: records.length, entries };
    },
    { database: JOURNAL_DATABASE, journalKey },
  );
}
