import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { MergeTagChoice } from '../state/merge-tags';

/** The merge tags this editor offers (the integrator's, or the built-in ones), set once at mount. */
export const MergeTagsContext = createContext<readonly MergeTagChoice[]>([]);

export const useMergeTags = (): readonly MergeTagChoice[] => useContext(MergeTagsContext);
