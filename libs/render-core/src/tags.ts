import { filledTag } from '@embed/design-document/model';
import type { MergeValues } from './types';

export { MERGE_TAG as TAG } from '@embed/design-document/model';

/** The value a tag takes from the merge, by the one rule of which tags the service fills (@embed/design-document). */
export function tagValue(inner: string, merge: MergeValues): string | undefined {
  const tag = filledTag(inner);
  switch (tag?.kind) {
    case 'unsubscribe_url':
      return merge.unsubscribeUrl;
    case 'preferences_url':
      return merge.preferencesUrl;
    case 'contact':
      return merge.contact && Object.hasOwn(merge.contact, tag.field) ? merge.contact[tag.field] : undefined;
    default:
      return undefined;
  }
}
