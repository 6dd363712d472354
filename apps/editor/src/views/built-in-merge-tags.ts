import type { PlainKey, Translator } from '../i18n';
import { MERGE_TAGS } from '../rich-text/tree';
import type { MergeTagChoice } from '../state/merge-tags';

const LABELS: Record<(typeof MERGE_TAGS)[number], PlainKey> = {
  '{{contact.first_name}}': 'mergeTag.firstName',
  '{{contact.last_name}}': 'mergeTag.lastName',
  '{{contact.email}}': 'mergeTag.email',
  '{{unsubscribe_url}}': 'mergeTag.unsubscribe',
  '{{preferences_url}}': 'mergeTag.preferences',
};

/** The tags the service fills itself, always offered (after the integrator's `mergeTags`), labelled in the editor's language. */
export const builtInMergeTags = ({ t }: Translator): MergeTagChoice[] => MERGE_TAGS.map((tag) => ({ tag, label: t(LABELS[tag]), group: null, sample: null }));
