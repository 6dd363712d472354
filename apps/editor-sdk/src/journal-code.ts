import { EDITOR_APP_PATH } from '@embed/editor-protocol';
import type * as JournalChunk from './journal-chunk';

/** The journal's code (journal-chunk.ts), loaded when it is first needed. */
export type JournalCode = typeof JournalChunk;
export type LoadJournalCode = () => Promise<JournalCode>;

/** The hashed file name of the journal's module among the editor's assets, written in by the build (tools/lib/build-editor.mjs). */
declare const EMBED_JOURNAL_CHUNK: string;

/**
 * Imports the journal's module from the service that served embed.js, once for the page;
 * a failed import (the network away) is tried again at the next need.
 */
export function journalCodeFrom(baseUrl: string): LoadJournalCode {
  let loading: Promise<JournalCode> | undefined;
  return () =>
    (loading ??= (import(`${baseUrl}${EDITOR_APP_PATH}assets/${EMBED_JOURNAL_CHUNK}`) as Promise<JournalCode>).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
