/**
 * Limits the schema cannot state. Nesting depth and text PostgreSQL cannot store (NUL,
 * lone surrogates) are checked before the schema, by @embed/storable-json's rule for
 * every request.
 */
export const DESIGN_LIMITS = {
  /** Serialized size of the whole document (inline data: images included). */
  maxBytes: 5 * 1024 * 1024,
  /** Blocks in the body, headers and footers together. */
  maxBlocks: 1000,
} as const;
