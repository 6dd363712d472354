import { useState } from 'preact/hooks';
import { formatLink, removeLink, returnToText } from '../canvas/RichTextEditor';
import { Dialog } from './Dialog';
import { fieldIssue } from '@embed/design-document/model';
import { issueWords } from './field-values';
import { useTranslator } from './i18n';

/** Sets or removes the link of the text's selection: an accessible dialog in place of the browser's prompt. */
export function LinkDialog({ current, onClose }: { current: string | null; onClose: () => void }) {
  const translator = useTranslator();
  const { t } = translator;
  const [href, setHref] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    onClose();
    returnToText();
  };
  const apply = (event: Event) => {
    event.preventDefault();
    const issue = fieldIssue('url', href.trim());
    if (issue) return setProblem(issueWords(translator, t('link.address'), issue));
    onClose();
    formatLink(href.trim());
  };
  return (
    <Dialog title={t(current === null ? 'link.add' : 'link.edit')} onClose={close}>
      <form class="link-form" onSubmit={apply} noValidate>
        <label for="link-address">{t('link.address')}</label>
        <input
          id="link-address"
          data-autofocus
          type="text"
          inputMode="url"
          value={href}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'link-problem' : 'link-hint'}
          onInput={(event) => (setHref(event.currentTarget.value), setProblem(null))}
        />
        <p id="link-hint" class="hint">
          {t('link.hint', { example: '{{unsubscribe_url}}' })}
        </p>
        {problem && (
          <p id="link-problem" class="problem" role="alert">
            {problem}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary">
            {t('link.apply')}
          </button>
          {current !== null && (
            <button type="button" onClick={() => (onClose(), removeLink())}>
              {t('link.remove')}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
