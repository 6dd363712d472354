import { blankDesign, newBlock } from '@embed/editor-core';
import { EditorStore } from '../state/editor-store';
import { opening } from '../state/opening';
import { runCommand } from './commands';
import { EditorApi } from './editor-api';
import type { HostBridge } from './host-bridge';

const noService = new EditorApi({ api: () => Promise.reject(new Error('no service in this test')) } as unknown as HostBridge);

describe('runCommand', () => {
  // The store's autosave waits on a timer, which this test never lets run.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers getDesign with every edit made before it, typing included, before any view or the page has been told', async () => {
    const changes: number[] = [];
    const store = new EditorStore(
      opening(null, undefined, { doc: blankDesign('page', 'Untitled'), name: 'Untitled design' }),
      noService,
      { change: () => changes.push(1), save: () => undefined, error: () => undefined },
      // The views would hear of typing after the next paint; in this test that paint never comes.
      { afterPaint: () => undefined },
    );
    const at = { row: 0, column: 0, block: 0 };
    store.dispatch({ type: 'insertBlock', at, block: newBlock('text') });
    store.dispatch({ type: 'setRichText', at, content: [{ type: 'paragraph', content: [{ text: 'Typed just now' }] }] }, { coalesceKey: 'typing', shown: true });
    const doc = (await runCommand(store, noService, 'getDesign', [])) as typeof store.doc;
    expect(doc.mode).toBe('page');
    expect(doc.body.rows).toEqual([{ columns: [{ blocks: [{ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Typed just now' }] }] }] }] }]);
  });
});
