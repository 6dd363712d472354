import type { BlockPath } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { UPLOAD_TYPES } from '../state/refusals';
import { useTranslator } from '../views/i18n';

/**
 * An image block with no image yet: a compact box that takes a file dropped on it (the
 * block's frame takes the drop) or chosen from it, instead of a column-wide grey square.
 */
export function ImagePlaceholder({ store, path }: { store: EditorStore; path: BlockPath }) {
  const { t } = useTranslator();
  const id = `image-choose-${path.row}-${path.column}-${path.block}`;
  return (
    <div class="image-placeholder">
      <span>{t('canvas.imageDrop')}</span>
      {!store.readOnly && (
        <>
          <input
            id={id}
            class="visually-hidden"
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void store.uploadImage(path, file);
            }}
          />
          <label for={id} class="button-like">
            {t('canvas.imageChoose')}
          </label>
        </>
      )}
    </div>
  );
}
