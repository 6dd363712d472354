import type { ExportFormat } from '@embed/contracts';
import type { EditorError } from '@embed/editor-protocol';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { errorWords } from '../i18n';
import type { EditorApi } from '../services/editor-api';
import { type Download, exportForDownload, exportFormats } from '../services/exports';
import type { EditorStore } from '../state/editor-store';
import { Dialog } from './Dialog';
import { useTranslator } from './i18n';

type Progress = { kind: 'choosing' } | { kind: 'working'; format: ExportFormat } | { kind: 'ready'; download: Download } | { kind: 'failed'; format: ExportFormat; code: string };

const FORMAT_WORDS = { html: 'export.format.html', text: 'export.format.text', pdf: 'export.format.pdf', png: 'export.format.png', zip: 'export.format.zip', mjml: 'export.format.mjml' } as const;

/**
 * Export from the editor (POST /editor/v1/designs/{id}/export): the person picks a format,
 * the design is saved and exported, and the file is offered as a download link.
 */
export function ExportDialog({ store, api, onClose }: { store: EditorStore; api: EditorApi; onClose: () => void }) {
  const translator = useTranslator();
  const { t } = translator;
  const [progress, setProgress] = useState<Progress>({ kind: 'choosing' });
  const link = useRef<HTMLAnchorElement>(null);
  const download = progress.kind === 'ready' ? progress.download : null;

  // The focus moves to the file in the commit that shows it, as Dialog's does: Enter pressed at once downloads it.
  useLayoutEffect(() => {
    if (download) link.current?.focus();
    return () => {
      if (download?.local) URL.revokeObjectURL(download.url);
    };
  }, [download]);

  const run = (format: ExportFormat) => {
    if (progress.kind === 'working') return;
    setProgress({ kind: 'working', format });
    exportForDownload(store, api, format).then(
      (made) => setProgress({ kind: 'ready', download: made }),
      (error: EditorError) => setProgress({ kind: 'failed', format, code: error.code }),
    );
  };

  return (
    <Dialog title={t('export.title')} onClose={onClose} class="export">
      <p>{t(store.readOnly ? 'export.explainReadOnly' : 'export.explain')}</p>
      <div class="actions" role="group" aria-label={t('export.formats')}>
        {exportFormats(store.doc.mode).map((format) => (
          <button key={format} type="button" onClick={() => run(format)} aria-disabled={progress.kind === 'working'}>
            {t(FORMAT_WORDS[format])}
          </button>
        ))}
      </div>
      <p role="status" aria-live="polite">
        {progress.kind === 'working' && t('export.working', { format: t(FORMAT_WORDS[progress.format]) })}
        {progress.kind === 'ready' && t('export.ready', { format: t(FORMAT_WORDS[progress.download.format]) })}
        {progress.kind === 'failed' && t('export.failed', { format: t(FORMAT_WORDS[progress.format]), reason: errorWords(translator, progress.code) })}
      </p>
      {download && (
        <p>
          <a ref={link} class="download" href={download.url} download={download.filename}>
            {t('export.download', { filename: download.filename, size: Math.max(0.1, Math.round(download.bytes / 102.4) / 10) })}
          </a>
        </p>
      )}
    </Dialog>
  );
}
