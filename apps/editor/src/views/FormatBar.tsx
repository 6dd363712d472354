import { useState } from 'preact/hooks';
import { formatColor, linkAtCaret, toggleList, toggleMark } from '../canvas/RichTextEditor';
import { useBrandKit } from './brand-kit-context';
import { LinkDialog } from './LinkDialog';
import { useTranslator } from './i18n';
import { memo } from './memo';
import { MergeTagMenu } from './MergeTagMenu';
import { useRovingToolbar } from './toolbar-keys';

// Buttons keep the text's selection: a mousedown on them would otherwise move the focus.
const keepSelection = (event: MouseEvent) => event.preventDefault();

const FORMATS = [
  ['format.bold', () => toggleMark('bold'), 'Control+B'],
  ['format.italic', () => toggleMark('italic'), 'Control+I'],
  ['format.underline', () => toggleMark('underline'), 'Control+U'],
  ['format.strike', () => toggleMark('strike'), undefined],
  ['format.bulleted', () => toggleList(false), undefined],
  ['format.numbered', () => toggleList(true), undefined],
] as const;

/** Marks, links, lists, colour and merge tags for the text being edited (Alt+F10 from a text reaches it). */
export const FormatBar = memo(function FormatBar() {
  const { t } = useTranslator();
  const [link, setLink] = useState<{ current: string | null } | null>(null);
  const kit = useBrandKit();
  const palette = kit?.colors ?? [];
  const roving = useRovingToolbar();
  return (
    <div role="toolbar" aria-label={t('format.toolbar')} class="format-bar" data-format-bar {...roving}>
      {FORMATS.map(([label, apply, keys]) => (
        <button key={label} type="button" onMouseDown={keepSelection} onClick={apply} aria-keyshortcuts={keys}>
          {t(label)}
        </button>
      ))}
      <button type="button" onMouseDown={keepSelection} onClick={() => setLink({ current: linkAtCaret() })}>
        {t('format.link')}
      </button>
      {/* The kit's palette first; with paletteOnly, only it. */}
      {palette.map((colour) => (
        <button key={colour} type="button" class="brand-swatch" style={{ background: colour }} aria-label={t('format.brandColour', { colour })} onMouseDown={keepSelection} onClick={() => formatColor(colour)} />
      ))}
      {!(kit?.paletteOnly && palette.length > 0) && (
        <label class="colour">
          {t('format.colour')}
          <input type="color" onChange={(event) => formatColor(event.currentTarget.value)} />
        </label>
      )}
      <MergeTagMenu />
      {link && <LinkDialog current={link.current} onClose={() => setLink(null)} />}
    </div>
  );
});
