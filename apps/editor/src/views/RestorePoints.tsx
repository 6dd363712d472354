import { useEffect, useState } from 'preact/hooks';
import type { EditorApi, RestorePoint } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { errorWords } from '../i18n';
import { Dialog } from './Dialog';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';

/** The design's restore points, newest first; restoring one is an edit (undoable) saved at once as a new revision. */
export function RestorePoints({ store, api, onClose }: { store: EditorStore; api: EditorApi; onClose: () => void }) {
  const translator = useTranslator();
  const { t, formatDate } = translator;
  const [points, setPoints] = useState<RestorePoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [designId] = useStoreValues(store, (s) => [s.id] as const);

  useEffect(() => {
    if (!designId) return;
    let current = true;
    api.listRevisions(designId).then(
      (list) => current && setPoints(list.revisions),
      (failure: { code?: string }) => current && setError(failure.code ?? 'editor_failed'),
    );
    return () => {
      current = false;
    };
  }, [designId]);

  const restore = (point: RestorePoint) => {
    onClose();
    void store.restore(point.doc).catch(() => undefined);
  };

  return (
    <Dialog title={t('restore.title')} onClose={onClose} class="restore-points">
      {!designId && <p>{t('restore.notSaved')}</p>}
      {error && <p role="alert">{t('restore.failed', { reason: errorWords(translator, error) })}</p>}
      {designId && points === null && !error && <p aria-live="polite">{t('restore.loading')}</p>}
      {points?.length === 0 && <p>{t('restore.none')}</p>}
      {points && points.length > 0 && (
        <ul class="restore-list">
          {points.map((point) => (
            <li key={point.revision}>
              <span>{t('restore.point', { revision: point.revision, date: formatDate(new Date(point.createdAt)), name: point.name })}</span>
              {!store.readOnly && (
                <button type="button" onClick={() => restore(point)}>
                  {t('restore.action', { revision: point.revision })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
