import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { insertMergeTag } from '../canvas/RichTextEditor';
import { groupMergeTags, type MergeTagChoice, searchMergeTags } from '../state/merge-tags';
import { useTranslator } from './i18n';
import { useMergeTags } from './merge-tags-context';
import { EDGE_PX, popupPlace } from './popup-place';

/** Puts the popup, fixed to the frame's viewport, beside its button (popup-place.ts), measured at its natural size. */
function placePopup(popup: HTMLElement, button: HTMLElement): void {
  const root = document.documentElement;
  const viewport = { width: root.clientWidth, height: root.clientHeight };
  popup.style.maxHeight = '';
  popup.style.maxWidth = `${viewport.width - 2 * EDGE_PX}px`;
  const { width, height } = popup.getBoundingClientRect();
  const place = popupPlace(button.getBoundingClientRect(), { width, height }, viewport);
  Object.assign(popup.style, { left: `${place.left}px`, top: `${place.top}px`, maxHeight: `${place.maxHeight}px` });
}

/**
 * A menu button that puts a merge tag at the text's caret as one unit (WAI-ARIA menu
 * button pattern: the first item takes the focus): the tags by group, each by its
 * label, with a search box above them that typing on an item (or ArrowUp from the
 * first) reaches.
 * The popup is all in sight whatever the frame's width: fixed to the viewport, so that the
 * format bar, which scrolls sideways on a phone, does not cut it off, it opens under the
 * button or over it, moves left from the right edge and scrolls what does not fit; placed
 * again when the frame is resized or something around it scrolls, closed by a press outside it.
 */
export function MergeTagMenu() {
  const { t } = useTranslator();
  const tags = useMergeTags();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const popup = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // In the commit that opens the menu, as Dialog's focus: a key pressed at once moves in the menu.
  useLayoutEffect(() => {
    if (open) (popup.current?.querySelector<HTMLElement>('[role="menuitem"]') ?? search.current)?.focus();
    else setQuery('');
  }, [open]);
  useLayoutEffect(() => {
    const element = popup.current;
    const anchor = button.current;
    if (!open || !element || !anchor) return;
    placePopup(element, anchor);
    // The popup's own scrolling leaves it where it is.
    const again = (event: Event) => element.contains(event.target as Node) || placePopup(element, anchor);
    // A press anywhere else closes it, as a menu does; the focus stays where the press put it.
    const pressed = (event: Event) => element.contains(event.target as Node) || anchor.contains(event.target as Node) || setOpen(false);
    window.addEventListener('resize', again);
    window.addEventListener('scroll', again, true);
    document.addEventListener('pointerdown', pressed, true);
    return () => {
      window.removeEventListener('resize', again);
      window.removeEventListener('scroll', again, true);
      document.removeEventListener('pointerdown', pressed, true);
    };
  }, [open, query]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const pick = (choice: MergeTagChoice) => {
    setOpen(false);
    insertMergeTag(choice.tag);
  };
  const items = () => [...(popup.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const onPopupKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const inSearch = document.activeElement === search.current;
    const moves: Record<string, number> = inSearch ? { ArrowDown: 0 } : { ArrowDown: index + 1, ArrowUp: index - 1 + all.length, Home: 0, End: all.length - 1 };
    if (event.key in moves && all.length > 0) {
      event.preventDefault();
      all[moves[event.key] % all.length]?.focus();
    } else if (event.key === 'ArrowUp' && index === 0) {
      event.preventDefault();
      search.current?.focus();
    } else if (event.key === 'Escape' || (event.key === 'Tab' && !inSearch)) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (!inSearch && event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on an item searches: the key goes on to the search box.
      search.current?.focus();
    }
  };

  const found = searchMergeTags(tags, query);
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
        <div ref={popup} class="menu-popup merge-tag-popup" onKeyDown={onPopupKeyDown}>
          <input
            ref={search}
            type="search"
            class="merge-tag-search"
            aria-label={t('mergeTag.search')}
            placeholder={t('mergeTag.search')}
            value={query}
            onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
          />
          {found.length === 0 ? (
            <p class="merge-tag-none" role="status">
              {t('mergeTag.none')}
            </p>
          ) : (
            <div role="menu" aria-label={t('format.mergeTags')}>
              {groupMergeTags(found).map(({ group, choices }) => (
                <div key={group ?? ''} role="group" aria-label={group ?? t('format.mergeTags')}>
                  {group && (
                    <div class="merge-tag-group" aria-hidden="true">
                      {group}
                    </div>
                  )}
                  {choices.map((choice) => (
                    <div
                      key={choice.tag}
                      role="menuitem"
                      tabIndex={-1}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => pick(choice)}
                      onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), pick(choice))}
                    >
                      <span>{choice.label}</span> <code>{choice.tag}</code>
                    </div>
                  ))}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </span>
  );
}
