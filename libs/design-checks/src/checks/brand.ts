import type { Target } from '../findings';
import { formatColour, parseColour } from '../colour';
import type { Check, Draft } from './types';

/** The colours written anywhere inside `value` (a style, a column, a block and its text runs): every field named `color` or `…Color`. */
function* coloursIn(value: unknown): Generator<string> {
  if (Array.isArray(value)) for (const item of value) yield* coloursIn(item);
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && /(?:^c|C)olor$/.test(key)) yield inner;
      else yield* coloursIn(inner);
    }
}

/** One spelling per colour (`#ABC` and `#aabbcc` are one), or undefined for no colour or `transparent`, which is never off-brand. */
function spelled(value: string): string | undefined {
  const colour = parseColour(value);
  return colour && colour.a > 0 ? formatColour(colour) : undefined;
}

/**
 * Colours outside the project's brand kit (`brandColours`, its palette): each once, at the
 * first place that uses it (the body's style, a row and its columns, a block), in reading
 * order. Nothing when the project has no palette.
 */
export const offBrandColours =
  (brandColours: readonly string[]): Check =>
  ({ document, blocks }) => {
    if (brandColours.length === 0) return [];
    const brand = new Set(brandColours.map(spelled));
    const found = new Set<string>();
    const drafts: Draft[] = [];
    const report = (target: Target, colours: Iterable<string>) => {
      for (const value of colours) {
        const colour = spelled(value);
        if (colour === undefined || brand.has(colour) || found.has(colour)) continue;
        found.add(colour);
        drafts.push({ check: 'off-brand-colour', key: 'checks.off-brand-colour', params: { colour: value }, target });
      }
    };
    report({ kind: 'design' }, coloursIn(document.body.style));
    document.body.rows.forEach((row, index) => report({ kind: 'row', row: index, ...(row.id ? { id: row.id } : {}) }, coloursIn([row.style, row.columns.map((column) => column.style)])));
    for (const placed of blocks) report(placed.target, coloursIn(placed.block));
    return drafts;
  };
