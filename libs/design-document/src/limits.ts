/**
 * Limits the schema cannot state, checked after it. Depth needs no check: the schema has
 * no recursive shape and refuses unknown fields, so a valid document is at most as deep
 * as the schema itself.
 */
export const DESIGN_LIMITS = {
  /** Serialized size of the whole document (inline data: images included). */
  maxBytes: 5 * 1024 * 1024,
  /** Blocks in the body, headers and footers together. */
  maxBlocks: 1000,
} as const;
