import { useEffect, useState } from 'preact/hooks';
import type { EditorStore } from '../state/editor-store';

/** Renders the component again whenever the store changes. */
export function useStore(store: EditorStore): EditorStore {
  const [, setVersion] = useState(0);
  useEffect(() => store.subscribe(() => setVersion((version) => version + 1)), [store]);
  return store;
}
