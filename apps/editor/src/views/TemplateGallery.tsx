import { useEffect, useState } from 'preact/hooks';
import type { TemplateList, TemplateSummary } from '@embed/contracts';
import type { EditorApi } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { errorWords } from '../i18n';
import { Dialog } from './Dialog';
import { useTranslator } from './i18n';

/**
 * The choice a new design starts with: one of the project's templates (their thumbnails
 * and names, a page at a time) or a blank design of the project's mode, which is what the
 * editor opened. Shown only when the project has templates; taking one puts its document
 * in place of the blank one as an edit (undo goes back to blank), named as the template.
 */
export function TemplateGallery({ store, api }: { store: EditorStore; api: EditorApi }) {
  const translator = useTranslator();
  const { t } = translator;
  const [listed, setListed] = useState<TemplateList | null>(null);
  const [open, setOpen] = useState(true);
  const [taking, setTaking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = (after: TemplateList | null, current: () => boolean = () => true) =>
    api.listTemplates(after?.nextCursor ?? undefined).then(
      (page) => current() && setListed({ templates: [...(after?.templates ?? []), ...page.templates], nextCursor: page.nextCursor }),
      // Without the list the person simply starts blank, as without templates.
      () => current() && !after && setOpen(false),
    );

  useEffect(() => {
    let current = true;
    void load(null, () => current);
    return () => {
      current = false;
    };
  }, []);

  if (!open || !listed || listed.templates.length === 0) return null;

  const take = (template: TemplateSummary) => {
    setTaking(true);
    setError(null);
    api.getTemplate(template.id).then(
      (taken) => {
        store.dispatch({ type: 'replaceDesign', doc: { ...taken.doc, name: taken.name } }, { select: null });
        setOpen(false);
      },
      (failure: { code?: string }) => {
        setTaking(false);
        setError(failure.code ?? 'editor_failed');
      },
    );
  };

  return (
    <Dialog title={t('templates.title')} onClose={() => setOpen(false)} class="template-gallery" describedBy="template-gallery-intro">
      <p id="template-gallery-intro">{t('templates.intro')}</p>
      {error && <p role="alert">{t('templates.failed', { reason: errorWords(translator, error) })}</p>}
      {taking && !error && <p aria-live="polite">{t('templates.loading')}</p>}
      <ul class="template-choices" aria-label={t('templates.list')}>
        <li>
          <button type="button" class="template-choice" data-autofocus disabled={taking} onClick={() => setOpen(false)}>
            <span class="template-thumbnail template-blank" aria-hidden="true" />
            <span class="template-name">{t('templates.blank')}</span>
          </button>
        </li>
        {listed.templates.map((template) => (
          <li key={template.id}>
            <button type="button" class="template-choice" disabled={taking} onClick={() => take(template)}>
              <img class="template-thumbnail" src={template.thumbnailUrl} alt="" loading="lazy" />
              <span class="template-name">{template.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {listed.nextCursor && (
        <button type="button" disabled={taking} onClick={() => void load(listed)}>
          {t('templates.more')}
        </button>
      )}
    </Dialog>
  );
}
