import { DESIGN_LIMITS, type DesignDocument, fieldDefinition, type Inline } from '@embed/design-document/model';
import { applyCommand } from '../commands';
import { type BlockPath, CommandError } from '../paths';
import type { TextParts } from './lines';
import type { TextEdit } from './text-edits';

type Insert = Extract<TextEdit, { kind: 'insert' }>;

const MAX_PARTS = fieldDefinition('textBlock', ['content']).maxItems as number;

/** Characters of the parts in reading order, a line's end counting as one. */
export function partsLength(parts: TextParts): number {
  const lines = parts.flatMap((part) => (part.type === 'paragraph' ? [part.content] : part.items));
  return lines.reduce((length, runs) => length + runs.reduce((sum, run) => sum + run.text.length, 0), 0) + Math.max(0, lines.length - 1);
}

/** The first `characters` characters of the parts (as `partsLength` counts them), their marks and lists kept. */
export function partsPrefix(parts: TextParts, characters: number): TextParts {
  let room = characters;
  const cutLine = (runs: Inline[]) => {
    const kept: Inline[] = [];
    for (const run of runs) {
      if (room <= 0) break;
      kept.push(run.text.length <= room ? run : { ...run, text: run.text.slice(0, room) });
      room -= Math.min(room, run.text.length);
    }
    return kept;
  };
  const out: TextParts = [];
  let first = true;
  for (const part of parts) {
    const lines = part.type === 'paragraph' ? [part.content] : part.items;
    const kept: Inline[][] = [];
    for (const line of lines) {
      if (!first && room-- <= 0) break;
      first = false;
      kept.push(cutLine(line));
    }
    if (!kept.length) break;
    out.push(part.type === 'paragraph' ? { ...part, content: kept[0] } : { ...part, items: kept });
    if (kept.length < lines.length) break;
  }
  return out;
}

export interface FittedInsert {
  edit: Insert;
  /** Characters of the insert kept, of all it had. */
  kept: number;
  total: number;
}

/**
 * The insert, or as much of its beginning as the block and the design can take by the
 * document's definition (a paste larger than a text holds is cut, not refused at the next
 * save). Null when not even one character fits. A prefix that fits is found by halving:
 * the definition is checked about log2(length) times, each in time linear in the design.
 */
export function fitInsert(doc: DesignDocument, at: BlockPath, edit: Insert): FittedInsert | null {
  const total = partsLength(edit.content);
  // More parts than a text holds, or more characters than a design's bytes, never fit: the search starts within both.
  const parts = edit.content.slice(0, MAX_PARTS);
  const most = Math.min(partsLength(parts), DESIGN_LIMITS.maxBytes);
  const cut = (characters: number): Insert => (characters === total ? edit : { ...edit, content: partsPrefix(parts, characters) });
  const fits = (characters: number) => {
    try {
      applyCommand(doc, { type: 'editText', at, edit: cut(characters) });
      return true;
    } catch (error) {
      if (error instanceof CommandError) return false;
      throw error;
    }
  };
  if (most === total && fits(total)) return { edit, kept: total, total };
  let low = 0;
  let high = most + 1;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low > 0 ? { edit: cut(low), kept: low, total } : null;
}
