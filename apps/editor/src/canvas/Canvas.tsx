import { textDirection } from '@embed/design-document/model';
import { keyOf, newRow, phoneView } from '@embed/editor-core';
import { useEffect, useLayoutEffect } from 'preact/hooks';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from '../views/i18n';
import { RefusalNotice } from '../views/RefusalNotice';
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

/**
 * Puts the keyboard focus where the store asks, on the block of that key (its frame or its
 * text), once the canvas shows it: wherever the block has moved, and never on another
 * block that came to sit at its old place.
 */
function useFocusRequest(request: EditorStore['focusRequest']): void {
  useLayoutEffect(() => {
    if (!request.key) return;
    const frame = document.querySelector<HTMLElement>(`[data-block-key="${request.key}"]`);
    const target = request.target === 'text' ? (frame?.querySelector<HTMLElement>('[contenteditable]') ?? frame) : frame;
    target?.focus();
  }, [request.token]);
}

/**
 * Alt+F10 on the canvas (a block, a row's or a column's handle) reaches the Blocks
 * toolbar, at its current button, without passing other blocks on the way (each would be
 * selected as it took the focus): select where, then add. In a text, the text takes
 * Alt+F10 to its formatting toolbar first.
 */
function toBlocksToolbar(event: KeyboardEvent): void {
  if (!event.altKey || event.key !== 'F10' || event.defaultPrevented) return;
  event.preventDefault();
  document.querySelector<HTMLElement>('.blocks-toolbar [tabindex="0"]')?.focus();
}

/** The design as the renderer lays it out: the body's width and colours, rows of columns of blocks. */
export function Canvas({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const [saved, selection, focusRequest, device, language] = useStoreValues(store, (s) => [s.shown, s.selection, s.focusRequest, s.device, s.language] as const);
  useFocusRequest(focusRequest);
  // On Phone, the design as a phone lays it out: its overrides in place (places stay the document's).
  const doc = device === 'phone' ? phoneView(saved) : saved;
  const { body } = doc;
  const block = selection?.kind === 'block' ? selection.path : null;
  const popup = doc.mode === 'popup' ? doc.settings : null;
  return (
    // The browser's own drag of an image or a link on the canvas would take the pointer from the editor's drags (pointer-drag.ts); within a text, it moves text.
    <main
      class={`canvas mode-${doc.mode} device-${device}`}
      aria-label={t('canvas.label')}
      style={{ 'background-color': body.style?.backgroundColor ?? '#f4f4f5' }}
      onDragStart={(event) => !(event.target instanceof Element && event.target.closest('[contenteditable]')) && event.preventDefault()}
      onKeyDown={store.readOnly ? undefined : toBlocksToolbar}
    >
      <WebFonts fonts={body.fonts} />
      <RefusalNotice store={store} place="canvas" />
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
          />
        ))}
        {!store.readOnly && <div class="drop-line" aria-hidden="true" hidden />}
        {!store.readOnly && (
          <button type="button" class="add-row" onClick={() => store.dispatch({ type: 'insertRow', index: body.rows.length, row: newRow(1) }, { select: { kind: 'row', row: body.rows.length } })}>
            {t('canvas.addRow')}
          </button>
        )}
      </div>
    </main>
  );
}
