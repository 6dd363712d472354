import type { HeadingBlock, Inline, TextBlock } from '@embed/design-document/model';

/** What a text or heading block holds: a text's paragraphs and lists, a heading's runs. */
export type RichContent = TextBlock['content'] | HeadingBlock['content'];
export type TextParts = TextBlock['content'];

/**
 * One line of rich text: a paragraph, a list item, or a heading's one line. `list` is the
 * list the line is an item of (`group` tells two lists side by side apart).
 */
export interface Line {
  runs: Inline[];
  list: { ordered: boolean; group: number } | null;
}

export const isHeadingContent = (content: RichContent): content is Inline[] => content.length > 0 && 'text' in content[0];

/** The lines of a text's parts, in reading order. */
export function partsToLines(parts: TextParts): Line[] {
  return parts.flatMap((part, group): Line[] =>
    part.type === 'paragraph' ? [{ runs: part.content, list: null }] : part.items.map((runs) => ({ runs, list: { ordered: part.ordered, group } })),
  );
}

/** The parts the lines make: each paragraph line a paragraph, neighbouring items of one list a list. */
export function linesToParts(lines: readonly Line[]): TextParts {
  const parts: TextParts = [];
  let previous: Line | null = null;
  for (const line of lines) {
    const last = parts[parts.length - 1];
    if (line.list && last?.type === 'list' && previous?.list && previous.list.group === line.list.group && previous.list.ordered === line.list.ordered) last.items.push(line.runs);
    else if (line.list) parts.push({ type: 'list', ordered: line.list.ordered, items: [line.runs] });
    else parts.push({ type: 'paragraph', content: line.runs });
    previous = line;
  }
  return parts.length ? parts : [{ type: 'paragraph', content: [] }];
}
