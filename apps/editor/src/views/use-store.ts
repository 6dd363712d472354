import { useEffect, useRef, useState } from 'preact/hooks';
import type { EditorStore } from '../state/editor-store';

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * The parts of the store a view shows, read now; the view renders again only when one of
 * them changes (compared by identity). A keystroke then costs the views of what it
 * changed, not the whole editor: the document is replaced piece by piece, so a part that
 * did not change is the same object.
 */
export function useStoreValues<T extends readonly unknown[]>(store: EditorStore, read: (store: EditorStore) => T): T {
  const [, setVersion] = useState(0);
  const values = read(store);
  const latest = useRef({ read, values });
  latest.current = { read, values };
  useEffect(
    () =>
      store.subscribe(() => {
        if (!sameValues(latest.current.read(store), latest.current.values)) setVersion((version) => version + 1);
      }),
    [store],
  );
  return values;
}
