import { useEffect, useRef, useState } from 'preact/hooks';
import { insertMergeTag } from '../canvas/RichTextEditor';
import type { PlainKey } from '../i18n';
import { MERGE_TAGS } from '../rich-text/tree';
import { useTranslator } from './i18n';

const LABELS: Record<(typeof MERGE_TAGS)[number], PlainKey> = {
  '{{contact.first_name}}': 'mergeTag.firstName',
  '{{contact.last_name}}': 'mergeTag.lastName',
  '{{contact.email}}': 'mergeTag.email',
  '{{unsubscribe_url}}': 'mergeTag.unsubscribe',
  '{{preferences_url}}': 'mergeTag.preferences',
};

/** A menu button that puts a merge tag at the text's caret as one unit (WAI-ARIA menu button pattern). */
export function MergeTagMenu() {
  const { t } = useTranslator();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const pick = (tag: (typeof MERGE_TAGS)[number]) => {
    setOpen(false);
    insertMergeTag(tag);
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1 + items.length, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      items[moves[event.key] % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <span class="menu-button">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => event.key === 'ArrowDown' && (event.preventDefault(), setOpen(true))}
      >
        {t('format.mergeTag')}
      </button>
      {open && (
        <ul ref={menu} role="menu" aria-label={t('format.mergeTags')} class="menu-popup" onKeyDown={onMenuKeyDown}>
          {MERGE_TAGS.map((tag) => (
            <li
              key={tag}
              role="menuitem"
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(tag)}
              onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), pick(tag))}
            >
              {t(LABELS[tag])} <code>{tag}</code>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
