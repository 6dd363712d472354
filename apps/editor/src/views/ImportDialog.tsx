import type { ImportFormat, ImportWarning } from '@embed/contracts';
import type { DesignDocument } from '@embed/design-document/model';
import { useMemo, useState } from 'preact/hooks';
import { detectFormat, IMPORT_CHOICES } from '../imports/detect-format';
import { foreignMergeTags, likelyTag, mappableChoices } from '../imports/foreign-tags';
import { type ImportFailure, importInWorker } from '../imports/run-import';
import { newIdempotencyKey, type EditorApi, type StoredDesign } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { Dialog } from './Dialog';
import { importWarningWords, sourceUnreadableWords } from '../i18n';
import { useTranslator } from './i18n';
import { useMergeTags } from './merge-tags-context';

type Step =
  | { kind: 'source' }
  | { kind: 'converting' }
  | { kind: 'failed'; failure: ImportFailure | { kind: 'unknown_format' } }
  | { kind: 'converted'; format: ImportFormat; design: DesignDocument; warnings: ImportWarning[] }
  | { kind: 'saving' };

const FORMAT_WORDS = { unlayer: 'import.format.unlayer', beefree: 'import.format.beefree', mjml: 'import.format.mjml', html: 'import.format.html' } as const;
/** Past this a file is not read: the service takes a body of 1 MiB. */
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Import (contracts §8): a design of another editor, pasted or from a file, its format
 * detected or chosen, converted in a worker by the server's converter; the warnings shown
 * in words, then the result replaces this design as one step that Undo takes back, or is
 * saved as a new design of this person, which the editor then opens (`openDesign`).
 */
export function ImportDialog({
  store,
  api,
  workerUrl,
  onClose,
  openDesign,
}: {
  store: EditorStore;
  api: EditorApi;
  workerUrl: string | undefined;
  onClose: () => void;
  openDesign: (design: StoredDesign) => void;
}) {
  const { t, translate } = useTranslator();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ImportFormat | 'detect'>('detect');
  const [step, setStep] = useState<Step>({ kind: 'source' });
  const detected = detectFormat(text);
  const offered = useMergeTags();
  const choices = useMemo(() => mappableChoices(offered), [offered]);
  const foreign = useMemo(() => foreignMergeTags(text, offered), [text, offered]);
  /** The person's choice for each foreign tag; one not chosen yet takes its likely tag, '' keeps it as written. */
  const [mapped, setMapped] = useState<Record<string, string>>({});
  const mapping = Object.fromEntries(foreign.map((tag) => [tag, mapped[tag] ?? likelyTag(tag, choices) ?? '']));

  const convert = () => {
    if (!text.trim() || step.kind === 'converting') return;
    const format = chosen === 'detect' ? detected : chosen;
    if (!format) return setStep({ kind: 'failed', failure: { kind: 'unknown_format' } });
    if (!workerUrl) return setStep({ kind: 'failed', failure: { kind: 'failed' } });
    setStep({ kind: 'converting' });
    const mergeTags = Object.fromEntries(Object.entries(mapping).filter(([, ours]) => ours));
    importInWorker(workerUrl, { format, source: text, mode: store.doc.mode, mergeTags }).then(
      ({ design, warnings }) => setStep({ kind: 'converted', format, design, warnings }),
      (failure: ImportFailure) => setStep({ kind: 'failed', failure }),
    );
  };

  const readFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setStep({ kind: 'failed', failure: { kind: 'too_large' } });
    void file.text().then((read) => {
      setText(read);
      setStep({ kind: 'source' });
    });
  };

  const replace = (design: DesignDocument) => {
    store.dispatch({ type: 'replaceDesign', doc: design }, { select: null });
    onClose();
  };

  const saveAsNew = (design: DesignDocument) => {
    setStep({ kind: 'saving' });
    const name = t('import.newName', { name: store.name ?? '' }).trim();
    api.createDesign(name.slice(0, 200), design, newIdempotencyKey()).then(
      (created) => {
        onClose();
        openDesign(created);
      },
      () => setStep({ kind: 'failed', failure: { kind: 'failed' } }),
    );
  };

  const failureWords = (failure: ImportFailure | { kind: 'unknown_format' }) => {
    if (failure.kind === 'unreadable') return t('import.unreadable', { reason: sourceUnreadableWords(failure.reason, translate) });
    if (failure.kind === 'too_large') return t('import.unreadable', { reason: t('import.tooLarge') });
    return t(`import.${failure.kind}`);
  };

  return (
    <Dialog title={t('import.title')} onClose={onClose} class="import">
      <p>{t('import.explain')}</p>
      <label class="field">
        <span>{t('import.source')}</span>
        <textarea rows={8} value={text} spellcheck={false} onInput={(event) => setText(event.currentTarget.value)} data-autofocus />
      </label>
      <label class="field">
        <span>{t('import.file')}</span>
        <input type="file" accept=".json,.mjml,.html,.htm,application/json,text/html" onChange={(event) => readFile(event.currentTarget.files?.[0])} />
      </label>
      <label class="field">
        <span>{t('import.format')}</span>
        <select value={chosen} onChange={(event) => setChosen(event.currentTarget.value as ImportFormat | 'detect')}>
          <option value="detect">{detected ? t('import.detected', { format: t(FORMAT_WORDS[detected]) }) : t('import.detect')}</option>
          {IMPORT_CHOICES.map((format) => (
            <option key={format} value={format}>
              {t(FORMAT_WORDS[format])}
            </option>
          ))}
        </select>
      </label>
      {foreign.length > 0 && (
        <fieldset class="import-tags">
          <legend>{t('import.mergeTags')}</legend>
          <p>{t('import.mergeTagsExplain')}</p>
          {foreign.map((tag) => (
            <div class="field" key={tag}>
              <code aria-hidden="true">{tag}</code>
              <select aria-label={tag} value={mapping[tag]} onChange={(event) => setMapped({ ...mapped, [tag]: event.currentTarget.value })}>
                <option value="">{t('import.keepTag')}</option>
                {choices.map((choice) => (
                  <option key={choice.tag} value={choice.tag}>
                    {t('import.mapTo', { label: choice.label, tag: choice.tag })}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      )}
      <div class="actions">
        <button type="button" class="primary" onClick={convert} aria-disabled={!text.trim() || step.kind === 'converting'}>
          {t('import.convert')}
        </button>
      </div>
      <p role="status" aria-live="polite">
        {step.kind === 'converting' && t('import.converting')}
        {step.kind === 'failed' && failureWords(step.failure)}
        {step.kind === 'converted' && t(step.warnings.length ? 'import.convertedWithWarnings' : 'import.converted', { count: step.warnings.length, format: t(FORMAT_WORDS[step.format]) })}
        {step.kind === 'saving' && t('import.saving')}
      </p>
      {step.kind === 'converted' && (
        <>
          {step.warnings.length > 0 && (
            <ul class="import-warnings" aria-label={t('import.warnings')} tabIndex={0}>
              {step.warnings.map((warning, index) => (
                <li key={index}>
                  <span class="message">{importWarningWords(warning, translate)}</span> <code>{warning.path}</code>
                </li>
              ))}
            </ul>
          )}
          <div class="actions">
            <button type="button" class="primary" onClick={() => replace(step.design)}>
              {t('import.replace')}
            </button>
            <button type="button" onClick={() => saveAsNew(step.design)}>
              {t('import.saveAsNew')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
