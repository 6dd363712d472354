import { IMAGE_MAX_BYTES } from '@embed/contracts/images';
import { EDIT_LIMITS } from '@embed/editor-core';
import type { RefusalCause } from '../state/refusals';
import { errorWords } from './errors';
import type { Translator } from './translate';

/** What was refused and what to do instead, in the editor's language. */
export function refusalWords(translator: Translator, cause: RefusalCause): string {
  const { t } = translator;
  switch (cause.kind) {
    case 'column_full':
      return t('refusal.columnFull', { max: EDIT_LIMITS.blocksPerColumn });
    case 'row_full':
      return t('refusal.rowFull', { max: EDIT_LIMITS.columns });
    case 'row_locked':
      return t('refusal.rowLocked');
    case 'image_too_large':
      return t('refusal.imageTooLarge', { max: IMAGE_MAX_BYTES / (1024 * 1024) });
    case 'image_type':
      return t('refusal.imageType');
    case 'upload':
      return t('refusal.upload', { reason: errorWords(translator, cause.code) });
    case 'edit':
      return t('refusal.edit');
  }
}
