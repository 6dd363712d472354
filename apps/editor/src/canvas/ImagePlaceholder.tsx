import type { BlockPath } from '@embed/editor-core';
import { assetsPrefix, IMAGE_PLACEHOLDER_FILE } from '@embed/render-core/assets';
import type { Css } from './canvas-styles';
import type { EditorStore } from '../state/editor-store';
import { UPLOAD_TYPES } from '../state/refusals';
import { useTranslator } from '../views/i18n';

/**
 * An image block with no image yet: the compact placeholder picture every render shows in
 * its place (render-core's assets), laid out as an image is, and under it, while editing,
 * a way to choose a file (a file dropped on it goes to the block's frame), instead of a
 * column-wide grey square.
 */
export function ImagePlaceholder({ store, path, box, inner }: { store: EditorStore; path: BlockPath; box: Css; inner: Css }) {
  const { t } = useTranslator();
  const id = `image-choose-${path.row}-${path.column}-${path.block}`;
  return (
    <div class="block-box image-placeholder" style={box}>
      <img src={assetsPrefix() + IMAGE_PLACEHOLDER_FILE} alt="" style={inner} />
      {!store.readOnly && (
        <div class="image-placeholder-actions">
          <span>{t('canvas.imageDrop')}</span>
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
        </div>
      )}
    </div>
  );
}
