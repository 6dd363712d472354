import type { BrandKit } from '@embed/contracts';
import { type BlockType, blockTypesFor, type DesignMode } from '@embed/design-document/model';
import { newBlock, ROW_LAYOUTS } from '@embed/editor-core';
import { pressToDrag } from '../canvas/pointer-drag';
import type { PlainKey } from '../i18n';
import { brandedBlock } from '../state/brand-kit';
import type { EditorStore } from '../state/editor-store';
import { insertion, layoutInsertion, layoutPlace } from '../state/insertion';
import { BLOCK_LABELS } from './block-labels';
import { useBrandKit } from './brand-kit-context';
import { useTranslator } from './i18n';
import { memo } from './memo';
import { useRovingToolbar } from './toolbar-keys';

/** Adds a new block of `type` at the selection, in the brand (a button in the kit's style; the store lists its web font). */
export function addBlock(store: EditorStore, type: BlockType, kit: BrandKit | null = null): void {
  const { command, path } = insertion(store.doc, store.selection, brandedBlock(newBlock(type), kit));
  store.dispatch(command, { select: { kind: 'block', path }, focus: type === 'text' || type === 'heading' ? 'text' : undefined, place: 'toolbar' });
}

/** Adds a row laid out by `ratios` after the row the selection is in (or at the end), and selects it. */
export function addLayout(store: EditorStore, ratios: readonly number[]): void {
  const { command, row } = layoutInsertion(store.doc, layoutPlace(store.doc, store.selection), ratios);
  store.dispatch(command, { select: { kind: 'row', row } });
}

/**
 * One button per block type the design's mode allows (contracts §7: a toolbar named
 * Blocks): a click adds the block at the selection, a drag drops it at any place of any
 * column. One tab stop; arrow keys move inside.
 */
export const BlocksToolbar = memo(function BlocksToolbar({ store, mode }: { store: EditorStore; mode: DesignMode }) {
  const { t } = useTranslator();
  const kit = useBrandKit();
  const roving = useRovingToolbar();
  return (
    <div role="toolbar" aria-label={t('toolbar.blocks')} class="blocks-toolbar" {...roving}>
      {blockTypesFor(mode).map((type) => (
        <button key={type} type="button" class="drag-source" onClick={() => addBlock(store, type, kit)} onPointerDown={(event) => pressToDrag(event, store, { kind: 'newBlock', type, block: brandedBlock(newBlock(type), kit) }, t(BLOCK_LABELS[type]))}>
          {t(BLOCK_LABELS[type])}
        </button>
      ))}
    </div>
  );
});

/** The catalogue key of each layout's name, by its ratios joined. */
const LAYOUT_LABELS: Record<string, PlainKey> = { '1': 'layout.1', '1-1': 'layout.1-1', '1-2': 'layout.1-2', '1-1-1': 'layout.1-1-1', '1-1-1-1': 'layout.1-1-1-1' };
const layoutName = (ratios: readonly number[]) => LAYOUT_LABELS[ratios.join('-')];

/**
 * The row layouts (1, 1/2, 1/3–2/3, 1/3×3, 1/4×4): a click adds the row after the
 * selection's row, a drag drops it between any two rows. Each button draws its columns.
 */
export const LayoutsToolbar = memo(function LayoutsToolbar({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const roving = useRovingToolbar();
  return (
    <div role="toolbar" aria-label={t('toolbar.layouts')} class="layouts-toolbar" {...roving}>
      {ROW_LAYOUTS.map((ratios) => (
        <button
          key={ratios.join('-')}
          type="button"
          class="drag-source layout"
          aria-label={t(layoutName(ratios))}
          title={t(layoutName(ratios))}
          onClick={() => addLayout(store, ratios)}
          onPointerDown={(event) => pressToDrag(event, store, { kind: 'layout', ratios }, t(layoutName(ratios)))}
        >
          {ratios.map((ratio, i) => (
            <span key={i} class="layout-column" style={{ flex: ratio }} aria-hidden="true" />
          ))}
        </button>
      ))}
    </div>
  );
});
