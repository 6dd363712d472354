import { textDirection } from '@embed/design-document/model';
import { keyOf, newRow, phoneView } from '@embed/editor-core';
import { useEffect } from 'preact/hooks';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from '../views/i18n';
import { useStoreValues } from '../views/use-store';
import { contentCss } from './canvas-styles';
import { loadFontFaces } from './font-faces';
import { RowView } from './RowView';

/** Web fonts the design links to (https only, as the frame's policy allows): their font faces only, never their other rules. */
function WebFonts({ fonts }: { fonts: { family: string; url: string }[] | undefined }) {
  const listed = JSON.stringify(fonts ?? []);
  useEffect(() => loadFontFaces(fonts ?? []), [listed]);
  return null;
}

/** The design as the renderer lays it out: the body's width and colours, rows of columns of blocks. */
export function Canvas({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const [saved, selection, focusRequest, device, language] = useStoreValues(store, (s) => [s.shown, s.selection, s.focusRequest, s.device, s.language] as const);
  // On Phone, the design as a phone lays it out: its overrides in place (places stay the document's).
  const doc = device === 'phone' ? phoneView(saved) : saved;
  const { body } = doc;
  const block = selection?.kind === 'block' ? selection.path : null;
  const focus = focusRequest.path;
  const popup = doc.mode === 'popup' ? doc.settings : null;
  return (
    <main class={`canvas mode-${doc.mode} device-${device}`} aria-label={t('canvas.label')} style={{ 'background-color': body.style?.backgroundColor ?? '#f4f4f5' }}>
      <WebFonts fonts={body.fonts} />
      <div class="content" style={contentCss(doc)} lang={language} dir={textDirection(language)}>
        {popup && popup.closeButton?.show !== false && (
          <span class="popup-close" aria-hidden="true" style={{ color: popup.closeButton?.color }}>
            ×
          </span>
        )}
        {body.rows.map((row, index) => (
          <RowView
            key={keyOf(row)}
            row={row}
            index={index}
            rowCount={body.rows.length}
            store={store}
            selected={selection?.kind === 'row' && selection.row === index}
            columnSelected={selection?.kind === 'column' && selection.row === index ? selection.column : -1}
            selectedColumn={block?.row === index ? block.column : -1}
            selectedBlock={block?.row === index ? block.block : -1}
            focusColumn={focus?.row === index ? focus.column : -1}
            focusBlock={focus?.row === index ? focus.block : -1}
            focusToken={focus?.row === index ? focusRequest.token : 0}
          />
        ))}
        {!store.readOnly && (
          <button type="button" class="add-row" onClick={() => store.dispatch({ type: 'insertRow', index: body.rows.length, row: newRow(1) }, { select: { kind: 'row', row: body.rows.length } })}>
            {t('canvas.addRow')}
          </button>
        )}
      </div>
    </main>
  );
}
