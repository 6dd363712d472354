import type { BlockPath } from '@embed/editor-core';

/** Where a refused save's fault is: the block, and the field inside it as a path of names (empty when it is the block itself). */
export interface SaveFault {
  path: BlockPath;
  field: string[];
}

// `$.body.rows[2].columns[0].blocks[1]` and what follows it up to the first space or colon:
// the JSON path the service and the editor's own check both name a design's fault by.
const BLOCK_AT = /\$\.body\.rows\[(\d{1,6})\]\.columns\[(\d{1,6})\]\.blocks\[(\d{1,6})\]([^\s:]*)/;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/g;

/** The block (and field) a `design_invalid` message names, or null when it names none (a setting, the design as a whole). */
export function saveFault(message: string): SaveFault | null {
  const found = BLOCK_AT.exec(message);
  if (!found) return null;
  const [, row, column, block, rest] = found;
  return { path: { row: Number(row), column: Number(column), block: Number(block) }, field: rest.match(NAME) ?? [] };
}
