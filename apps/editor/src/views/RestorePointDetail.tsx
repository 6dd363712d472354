import type { RestorePointSummary } from '@embed/contracts';
import { designDifferences } from '@embed/editor-core';
import { useEffect, useState } from 'preact/hooks';
import { errorWords } from '../i18n';
import type { EditorApi, RestorePoint } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { DifferenceList } from './DifferenceList';
import { useTranslator } from './i18n';

interface Props {
  store: EditorStore;
  api: EditorApi;
  designId: string;
  point: RestorePoint;
  /** The service named the point (or took its name away). */
  onLabelled: (point: RestorePointSummary) => void;
}

/**
 * One restore point looked at before restoring it: what differs from the current design,
 * the renderer's HTML of it (in a sandboxed frame, as the previews show the design), and
 * its name, which the person may give or change.
 */
export function RestorePointDetail({ store, api, designId, point, onLabelled }: Props) {
  const translator = useTranslator();
  const { t } = translator;
  const [html, setHtml] = useState<string | null>(null);
  const [label, setLabel] = useState(point.label ?? '');
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setHtml(null);
    api.render(point.doc, designId).then(
      (rendered) => current && setHtml(rendered.html),
      (failure: { code?: string }) => current && setStatus(t('restore.previewFailed', { reason: errorWords(translator, failure.code ?? 'editor_failed') })),
    );
    return () => {
      current = false;
    };
  }, [point.revision]);

  const name = (event: Event) => {
    event.preventDefault();
    const wanted = label.trim() || null;
    api.labelRevision(designId, point.revision, wanted).then(
      (labelled) => {
        onLabelled(labelled);
        setStatus(labelled.label ? t('restore.named', { label: labelled.label }) : t('restore.unnamed'));
      },
      (failure: { code?: string }) => setStatus(t('restore.nameFailed', { reason: errorWords(translator, failure.code ?? 'editor_failed') })),
    );
  };

  const heading = t('restore.lookingAt', { revision: point.revision });
  return (
    <section class="restore-detail" aria-label={heading}>
      <h3>{heading}</h3>
      <DifferenceList title={t('restore.differs')} mode={store.doc.mode} differences={designDifferences({ doc: store.doc, name: store.name }, point)} sides="restore" />
      {!store.readOnly && (
        <form class="restore-name" onSubmit={name}>
          <label>
            {t('restore.nameLabel')}
            <input type="text" maxLength={100} value={label} onInput={(event) => setLabel((event.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">{t('restore.nameAction')}</button>
        </form>
      )}
      {status && <p role="status">{status}</p>}
      {html === null ? <p aria-live="polite">{t('preview.rendering')}</p> : <iframe title={t('restore.previewFrame', { revision: point.revision })} sandbox="" srcdoc={html} />}
    </section>
  );
}
