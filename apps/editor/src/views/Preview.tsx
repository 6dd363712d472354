import { DARK_MODE_SCHEMES, type DarkModeScheme } from '@embed/design-checks';
import { useEffect, useState } from 'preact/hooks';
import { errorWords, findingWords } from '../i18n';
import type { EditorApi } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { withSamples } from '../state/merge-tags';
import { renderView, type RenderedView } from '../state/previews';
import { Dialog } from './Dialog';
import { goToFinding } from './go-to-finding';
import { useTranslator } from './i18n';
import { useMergeTags } from './merge-tags-context';

export type PreviewKind = 'desktop' | 'phone' | 'dark';
const WIDTHS: Record<PreviewKind, number> = { desktop: 1024, phone: 375, dark: 1024 };
const TITLES = { desktop: 'preview.desktop', phone: 'preview.phone', dark: 'preview.dark' } as const;
const SCHEMES = Object.keys(DARK_MODE_SCHEMES) as DarkModeScheme[];
const SCHEME_WORDS = { partial: 'preview.dark.partial', full: 'preview.dark.full' } as const;

/** The dark preview's contrast findings, each taking the person to its block. */
function DarkFindings({ view, store, onClose }: { view: RenderedView; store: EditorStore; onClose: () => void }) {
  const translator = useTranslator();
  const { t } = translator;
  return (
    <section class="dark-findings" aria-labelledby="dark-findings-title">
      <h3 id="dark-findings-title">{t('preview.dark.findings')}</h3>
      {view.findings.length === 0 ? (
        <p>{t('preview.dark.none')}</p>
      ) : (
        <ul class="findings">
          {view.findings.map((finding, i) => (
            <li key={i}>
              <button type="button" class="finding" onClick={() => (onClose(), goToFinding(store, finding.target))}>
                {findingWords(finding, translator)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The renderer's real HTML for the current document, in a sandboxed frame with no
 * script and no access to the editor: at desktop or phone width, or in dark mode as a
 * family of inboxes shows it, with what is hard to read there.
 */
export function Preview({ store, api, kind, onClose }: { store: EditorStore; api: EditorApi; kind: PreviewKind; onClose: () => void }) {
  const translator = useTranslator();
  const { t } = translator;
  const [scheme, setScheme] = useState<DarkModeScheme>('partial');
  const [view, setView] = useState<RenderedView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mergeTags = useMergeTags();
  const hasSamples = mergeTags.some((choice) => choice.sample !== null);
  const [samples, setSamples] = useState(false);

  useEffect(() => {
    let current = true;
    setView(null);
    renderView(api, samples ? withSamples(store.doc, mergeTags) : store.doc, store.id, kind === 'dark' ? scheme : null).then(
      (rendered) => current && setView(rendered),
      (failure: { code?: string }) => current && setError(failure.code ?? 'editor_failed'),
    );
    return () => {
      current = false;
    };
  }, [scheme, samples]);

  const title = t(TITLES[kind]);
  return (
    <Dialog title={title} onClose={onClose} class={`preview preview-${kind}`}>
      {kind === 'dark' && (
        <fieldset class="schemes">
          <legend>{t('preview.dark.scheme')}</legend>
          {SCHEMES.map((name) => (
            <label key={name}>
              <input type="radio" name="dark-scheme" value={name} checked={scheme === name} onChange={() => setScheme(name)} />
              {t(SCHEME_WORDS[name])}
            </label>
          ))}
        </fieldset>
      )}
      {hasSamples && (
        <label class="preview-samples">
          <input type="checkbox" role="switch" checked={samples} onChange={() => setSamples(!samples)} />
          {t('preview.samples')}
        </label>
      )}
      {error && <p role="alert">{t('preview.failed', { reason: errorWords(translator, error) })}</p>}
      {view === null && !error && <p aria-live="polite">{t('preview.rendering')}</p>}
      {view !== null && (
        <div class="preview-body">
          <iframe title={t('preview.frame', { preview: title })} sandbox="" srcdoc={view.html} style={{ width: `${WIDTHS[kind]}px` }} />
          {kind === 'dark' && <DarkFindings view={view} store={store} onClose={onClose} />}
        </div>
      )}
    </Dialog>
  );
}
