import { SOURCE_UNREADABLE_REASONS, type SourceUnreadableCode, type SourceUnreadableReason } from '@embed/contracts/import-unreadable';
import { codedWords } from './coded-words';

/**
 * Why a source cannot be read as the format chosen, in the editor's catalogues, each code
 * under `import.unreadableReason.<code>`: the English words are the converter's own
 * (contracts' SOURCE_UNREADABLE_REASONS, which the API's `source_unreadable` error says),
 * the French ones below, with the same placeholders (coded-words.spec.ts checks it).
 */
const PREFIX = 'import.unreadableReason.' as const;

export const SOURCE_UNREADABLE_WORDS_EN = codedWords(PREFIX, SOURCE_UNREADABLE_REASONS);

const FRENCH: Record<SourceUnreadableCode, string> = {
  json_invalid: 'ce n’est pas du JSON : {detail}',
  unlayer_not_object: 'un design Unlayer est un objet JSON avec body.rows',
  unlayer_no_body: 'un design Unlayer a un objet body',
  unlayer_no_rows: 'un design Unlayer a body.rows, une liste de lignes',
  beefree_not_object: 'un modèle Beefree est un objet JSON avec page.rows',
  beefree_no_page: 'un modèle Beefree a un objet page',
  beefree_no_rows: 'un modèle Beefree a page.rows, une liste de lignes',
  mjml_not_text: 'le MJML est du texte : envoyez le contenu du fichier sous forme de chaîne',
  mjml_too_deep: 'des éléments sont imbriqués sur plus de {max} niveaux',
  mjml_no_root: 'aucun élément racine <mjml> n’a été trouvé',
  mjml_no_body: 'l’élément <mjml> n’a pas de <mj-body>',
  html_not_text: 'le HTML est du texte : envoyez le balisage de la page sous forme de chaîne',
  html_empty: 'le HTML est vide',
};

export const SOURCE_UNREADABLE_WORDS_FR = codedWords(PREFIX, FRENCH);

/** Why a source was refused, in the editor's language: its place in the source, then the reason from its code and values. */
export const sourceUnreadableWords = ({ path, code, params }: SourceUnreadableReason, translate: (key: string, params: Record<string, string | number>) => string) =>
  `${path}: ${translate(`${PREFIX}${code}`, params)}`;
