import type { Body } from '@embed/design-document/model';
import { useContext, useEffect, useState } from 'preact/hooks';
import { useTranslator } from '../views/i18n';
import { htmlPreviewDocument } from './html-preview-document';
import { HtmlSanitizerContext } from './html-sanitizer';

/**
 * The frame is as tall as its content, now and as it changes (images loading, fonts): its
 * document may be read, being of this origin and running nothing. The empty document a
 * frame has before its srcdoc loads is not measured: its body goes with it. Out of view,
 * the browser may not lay the frame out (its body measures 0): the frame keeps its height
 * until it comes into view and is measured then.
 */
function fitHeight(frame: HTMLIFrameElement): void {
  const body = frame.contentWindow?.location.href === 'about:srcdoc' ? frame.contentDocument?.body : undefined;
  if (!body) return;
  const fit = () => {
    const height = body.isConnected ? Math.ceil(body.getBoundingClientRect().height) : 0;
    if (height > 0) frame.style.height = `${height}px`;
  };
  fit();
  new ResizeObserver(fit).observe(body);
}

/**
 * An html block as it will be sent: its markup sanitized by the renderer's rules, shown in
 * a frame that runs nothing (sandboxed without scripts, under a policy of its own) and
 * that the pointer passes through, so that a click selects the block. Without the
 * sanitizer, the markup shows as source, never as markup.
 */
export function HtmlPreview({ html, bodyStyle }: { html: string; bodyStyle: Body['style'] }) {
  const { t } = useTranslator();
  const sanitize = useContext(HtmlSanitizerContext);
  /** The sanitized markup shown; null once the sanitizer failed, undefined until it first answers. */
  const [sanitized, setSanitized] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (!html || !sanitize) return;
    sanitize(html).then(
      (answer) => current && setSanitized(answer),
      () => current && setSanitized(null),
    );
    return () => {
      current = false;
    };
  }, [html, sanitize]);
  if (!html) return <pre class="html-source">{t('canvas.emptyHtml')}</pre>;
  if (!sanitize || sanitized === null) return <pre class="html-source">{html}</pre>;
  // The last markup shown stays until the new one is sanitized: typing does not flicker.
  if (sanitized === undefined) return <div class="html-pending" />;
  return (
    <iframe
      class="html-preview"
      title={t('canvas.htmlPreview')}
      sandbox="allow-same-origin"
      tabIndex={-1}
      srcdoc={htmlPreviewDocument(sanitized, bodyStyle)}
      onLoad={(event) => fitHeight(event.currentTarget)}
    />
  );
}
