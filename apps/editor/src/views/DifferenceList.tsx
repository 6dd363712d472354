import type { DesignMode } from '@embed/design-document/model';
import type { Difference } from '@embed/editor-core';
import { useId } from 'preact/hooks';
import { differenceLines, type DifferenceSides, DIFFERENCES_SHOWN } from './difference-words';
import { useTranslator } from './i18n';

/** What differs between two versions of the design, as a titled list (the conflict dialog, a restore point's comparison). */
export function DifferenceList({ title, mode, differences, sides }: { title: string; mode: DesignMode; differences: readonly Difference[]; sides: DifferenceSides }) {
  const translator = useTranslator();
  const { t } = translator;
  const id = useId();
  const lines = differenceLines(translator, mode, differences, sides);
  return (
    <section class="differences" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {lines.length === 0 ? (
        <p>{t('diff.none')}</p>
      ) : (
        <ul>
          {lines.slice(0, DIFFERENCES_SHOWN).map((line) => (
            <li key={line}>{line}</li>
          ))}
          {lines.length > DIFFERENCES_SHOWN && <li>{t('diff.more', { count: lines.length - DIFFERENCES_SHOWN })}</li>}
        </ul>
      )}
    </section>
  );
}
