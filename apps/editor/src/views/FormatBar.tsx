import { useState } from 'preact/hooks';
import { format, formatColor, linkAtCaret } from '../canvas/RichTextEditor';
import { LinkDialog } from './LinkDialog';
import { useTranslator } from './i18n';
import { memo } from './memo';
import { MergeTagMenu } from './MergeTagMenu';
import { useRovingToolbar } from './toolbar-keys';

// Buttons keep the text's selection: a mousedown on them would otherwise move the focus.
const keepSelection = (event: MouseEvent) => event.preventDefault();

const MARKS = [
  ['format.bold', 'bold', 'Control+B'],
  ['format.italic', 'italic', 'Control+I'],
  ['format.underline', 'underline', 'Control+U'],
  ['format.strike', 'strikeThrough', undefined],
  ['format.bulleted', 'insertUnorderedList', undefined],
  ['format.numbered', 'insertOrderedList', undefined],
] as const;

/** Marks, links, lists, colour and merge tags for the text being edited (Alt+F10 from a text reaches it). */
export const FormatBar = memo(function FormatBar() {
  const { t } = useTranslator();
  const [link, setLink] = useState<{ current: string | null } | null>(null);
  const roving = useRovingToolbar();
  return (
    <div role="toolbar" aria-label={t('format.toolbar')} class="format-bar" data-format-bar {...roving}>
      {MARKS.map(([label, command, keys]) => (
        <button key={command} type="button" onMouseDown={keepSelection} onClick={() => format(command)} aria-keyshortcuts={keys}>
          {t(label)}
        </button>
      ))}
      <button type="button" onMouseDown={keepSelection} onClick={() => setLink({ current: linkAtCaret() })}>
        {t('format.link')}
      </button>
      <label class="colour">
        {t('format.colour')}
        <input type="color" onChange={(event) => formatColor(event.currentTarget.value)} />
      </label>
      <MergeTagMenu />
      {link && <LinkDialog current={link.current} onClose={() => setLink(null)} />}
    </div>
  );
});
