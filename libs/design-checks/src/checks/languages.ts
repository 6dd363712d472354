import { inLanguage, untranslatedTexts } from '@embed/design-document/model';
import type { Check, Draft } from './types';

/** For each of the design's other languages: each block, and the settings, with texts its translation leaves out. */
export const untranslated: Check = ({ document, blocks }) =>
  (document.languages ?? []).flatMap((language): Draft[] => {
    const drafts: Draft[] = blocks.flatMap(({ block, target }): Draft[] => {
      const texts = untranslatedTexts(block, language);
      return texts.length > 0 ? [{ check: 'untranslated', key: 'checks.untranslated', params: { language, textPlaces: texts.join(', ') }, target }] : [];
    });
    const settings = inLanguage(document, language).untranslated.filter((one) => one.place === 'the settings').map((one) => one.text);
    if (settings.length > 0) drafts.push({ check: 'untranslated', key: 'checks.untranslated-settings', params: { language, textPlaces: settings.join(', ') }, target: { kind: 'design' } });
    return drafts;
  });
