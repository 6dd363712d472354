import { designDifferences } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { Dialog } from './Dialog';
import { DifferenceList } from './DifferenceList';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';

/**
 * Someone saved the design since this edit started (409 revision_conflict): the person
 * chooses, and nothing is overwritten before they do. The dialog says what differs.
 * Keeping mine saves it on top, and theirs stays a restore point, which it names; taking
 * theirs shows it, and mine stays one undo away.
 */
export function ConflictDialog({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const [theirs, baseRevision, doc, name] = useStoreValues(store, (s) => [s.conflict?.theirs, s.conflict?.baseRevision, s.doc, s.name] as const);
  if (!theirs) return null;
  const theirsLabel = t('conflict.theirsLabel', { revision: theirs.revision });
  return (
    <Dialog title={t('conflict.title')} role="alertdialog" describedBy="conflict-explain" class="conflict">
      <p id="conflict-explain">{t('conflict.explain', { theirs: theirs.revision, base: baseRevision ?? 0 })}</p>
      <DifferenceList title={t('conflict.differs')} mode={doc.mode} differences={designDifferences({ doc, name }, theirs)} sides="conflict" />
      <p>{t('conflict.theirsKept', { label: theirsLabel })}</p>
      <div class="actions">
        <button type="button" class="primary" data-autofocus onClick={() => store.keepMine(theirsLabel)}>
          {t('conflict.keepMine')}
        </button>
        <button type="button" onClick={() => store.takeTheirs()}>
          {t('conflict.takeTheirs')}
        </button>
      </div>
    </Dialog>
  );
}
