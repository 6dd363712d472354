import { useEffect, useState } from 'preact/hooks';
import type { RestorePointSummary } from '@embed/contracts';
import type { EditorApi, RestorePoint } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { errorWords } from '../i18n';
import { Dialog } from './Dialog';
import { RestorePointDetail } from './RestorePointDetail';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';

interface Listed {
  points: RestorePointSummary[];
  /** Where the next page starts; null once every kept point is listed. */
  nextCursor: string | null;
}

/**
 * The design's restore points, newest first, a page at a time and without their documents;
 * the document of one is read when the person looks at it (what differs from the current
 * design, a preview, its name) or restores it. Restoring is an edit (undoable) saved at
 * once as a new revision.
 */
export function RestorePoints({ store, api, onClose }: { store: EditorStore; api: EditorApi; onClose: () => void }) {
  const translator = useTranslator();
  const { t, formatDate } = translator;
  const [listed, setListed] = useState<Listed | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [looked, setLooked] = useState<RestorePoint | null>(null);
  const [designId] = useStoreValues(store, (s) => [s.id] as const);
  const failed = (failure: { code?: string }) => setError(failure.code ?? 'editor_failed');

  const load = (id: string, after: Listed | null, current: () => boolean = () => true) => {
    setLoading(true);
    api.listRevisions(id, after?.nextCursor ?? undefined).then(
      (page) => current() && setListed({ points: [...(after?.points ?? []), ...page.revisions], nextCursor: page.nextCursor }),
      (failure: { code?: string }) => current() && failed(failure),
    ).finally(() => current() && setLoading(false));
  };

  useEffect(() => {
    if (!designId) return;
    let current = true;
    load(designId, null, () => current);
    return () => {
      current = false;
    };
  }, [designId]);

  const restore = (point: RestorePointSummary) => {
    if (!designId) return;
    setLoading(true);
    api.getRevision(designId, point.revision).then((taken) => {
      onClose();
      void store.restore(taken.doc).catch(() => undefined);
    }, (failure: { code?: string }) => {
      setLoading(false);
      failed(failure);
    });
  };

  const look = (point: RestorePointSummary) => {
    if (!designId) return;
    setLoading(true);
    api.getRevision(designId, point.revision).then(setLooked, failed).finally(() => setLoading(false));
  };

  const labelled = (point: RestorePointSummary) => {
    setListed((before) => before && { ...before, points: before.points.map((kept) => (kept.revision === point.revision ? point : kept)) });
    setLooked((before) => before && { ...before, label: point.label });
  };

  const points = listed?.points;
  return (
    <Dialog title={t('restore.title')} onClose={onClose} class="restore-points">
      {!designId && <p>{t('restore.notSaved')}</p>}
      {error && <p role="alert">{t('restore.failed', { reason: errorWords(translator, error) })}</p>}
      {designId && loading && !error && <p aria-live="polite">{t('restore.loading')}</p>}
      {points?.length === 0 && <p>{t('restore.none')}</p>}
      {points && points.length > 0 && (
        <ul class="restore-list">
          {points.map((point) => (
            <li key={point.revision}>
              <span>
                {point.label && <strong class="restore-label">{point.label}</strong>}
                {t(point.autosave ? 'restore.autosaved' : 'restore.point', { revision: point.revision, date: formatDate(new Date(point.createdAt)), name: point.name })}
              </span>
              <span class="restore-actions">
                <button type="button" disabled={loading} aria-pressed={looked?.revision === point.revision} onClick={() => look(point)}>
                  {t('restore.look', { revision: point.revision })}
                </button>
                {!store.readOnly && (
                  <button type="button" disabled={loading} onClick={() => restore(point)}>
                    {t('restore.action', { revision: point.revision })}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {designId && listed?.nextCursor && (
        <button type="button" disabled={loading} onClick={() => load(designId, listed)}>
          {t('restore.more')}
        </button>
      )}
      {designId && looked && <RestorePointDetail key={looked.revision} store={store} api={api} designId={designId} point={looked} onLabelled={labelled} />}
    </Dialog>
  );
}
