import type { ExportFormat } from '@embed/contracts';
import type { EditorCommandName } from '@embed/editor-protocol';
import type { EditorStore } from '../state/editor-store';
import type { EditorApi } from './editor-api';
import { exportDesign } from './exports';

/**
 * What the page's `save()`, `export()` and `getDesign()` do in the frame. `getDesign`
 * answers the document the store holds when the command arrives, which has every edit
 * the person made before (typed text reaches the store on each input): the page's
 * message is handled after them, in the order the frame got them.
 */
export function runCommand(store: EditorStore, api: EditorApi, name: EditorCommandName, args: unknown[]): Promise<unknown> {
  switch (name) {
    case 'save':
      return store.save();
    case 'export':
      return exportDesign(store, api, String(args[0] ?? 'html') as ExportFormat);
    case 'getDesign':
      return Promise.resolve(store.doc);
  }
}
