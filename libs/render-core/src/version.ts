/**
 * Goes up by one whenever rendered output changes, so that cached layouts and stored
 * exports can tell old output from new. The golden test (golden.spec.ts) fails when
 * output changes while this stays the same.
 */
export const RENDERER_VERSION = 11;
