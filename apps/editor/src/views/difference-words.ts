import type { DesignMode } from '@embed/design-document/model';
import type { Difference } from '@embed/editor-core';
import type { Translator } from '../i18n';
import { BLOCK_LABELS } from './block-labels';
import { SETTINGS_FIELDS } from './property-fields';

/** How a list of differences names its two sides: the conflict's yours and theirs, or a restore point's current design and itself. */
export type DifferenceSides = 'conflict' | 'restore';

/** The shown list stops here, with how many more there are: a rewritten design must not fill the dialog. */
export const DIFFERENCES_SHOWN = 12;

/** What a difference is about, in the person's words (a block as the canvas names it). */
function subject({ t }: Translator, mode: DesignMode, difference: Difference): string {
  switch (difference.kind) {
    case 'name':
      return t('diff.name');
    case 'setting': {
      const field = difference.key === null ? undefined : SETTINGS_FIELDS[mode].find((spec) => spec.key === difference.key && !spec.in);
      return field ? t(field.label) : t('diff.otherSettings');
    }
    case 'row':
      return t('canvas.row', { row: difference.row });
    case 'block':
      return t('canvas.block', { type: t(BLOCK_LABELS[difference.type]), row: difference.row, column: difference.column, position: difference.position });
  }
}

/** One line per difference: what, and whether it changed or only one side has it (settings that are not fields of their own are named once). */
export function differenceLines(translator: Translator, mode: DesignMode, differences: readonly Difference[], sides: DifferenceSides): string[] {
  const { t } = translator;
  const lines = differences.map((difference) => {
    const what = subject(translator, mode, difference);
    if (difference.kind !== 'row' && difference.kind !== 'block') return t('diff.changed', { what });
    if (difference.change === 'changed') return t('diff.changed', { what });
    const mine = difference.change === 'added';
    return t('diff.onlyIn', { what, side: t(sides === 'conflict' ? (mine ? 'diff.side.mine' : 'diff.side.theirs') : mine ? 'diff.side.current' : 'diff.side.point') });
  });
  return [...new Set(lines)];
}
