import path from 'node:path';

export type Catalogue = Record<string, string>;

/**
 * The editor's own catalogues (apps/editor/src/i18n), so that tests name its controls in
 * each locale with its words, and find a word left in English in another locale.
 */
export function editorCatalogues(): { en: Catalogue; fr: Catalogue } {
  const folder = path.resolve(__dirname, '../../../editor/src/i18n');
  return { en: jest.requireActual(`${folder}/en`).en, fr: jest.requireActual(`${folder}/fr`).fr };
}
