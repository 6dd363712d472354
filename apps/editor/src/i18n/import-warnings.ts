import { IMPORT_WARNING_MESSAGES, type ImportWarning, type ImportWarningCode } from '@embed/contracts/import-warnings';
import { codedWords } from './coded-words';

/**
 * The import's warnings in the editor's catalogues, each code under `import.warning.<code>`:
 * the English words are the converter's own (contracts' IMPORT_WARNING_MESSAGES, which also
 * fill the API's `message`), the French ones below, with the same placeholders
 * (coded-words.spec.ts checks it).
 */
const PREFIX = 'import.warning.' as const;

export const IMPORT_WARNING_WORDS_EN = codedWords(PREFIX, IMPORT_WARNING_MESSAGES);

const FRENCH: Record<ImportWarningCode, string> = {
  more_warnings: '{count} autres avertissements ont été laissés de côté',

  rows_past_limits: '{count} lignes au-delà de nos limites ({rows} lignes, {blocks} blocs) ont été laissées de côté',
  blocks_past_limits: '{count} blocs au-delà de nos limites ({perColumn} par colonne, {blocks} en tout) ont été laissés de côté',
  fonts_past_limit: 'Seules les {max} premières polices web ont été gardées',
  columns_split: '{count} colonnes ont été réparties en lignes de {max} au plus : nos lignes contiennent {max} colonnes',
  column_blocks_cut: 'Une colonne de {count} blocs a gardé ses {max} premiers',
  column_contents_cut: 'Une colonne de {count} contenus a gardé ses {max} premiers',
  column_modules_cut: 'Une colonne de {count} modules a gardé ses {max} premiers',
  column_elements_cut: 'Une colonne de {count} éléments a gardé ses {max} premiers',
  column_blocks_over: 'Une colonne de plus de {max} blocs a gardé ses {max} premiers',
  cells_cut: '{count} cellules côte à côte : les {max} premières ont été lues',
  social_links_cut: 'Les liens sociaux au-delà de {max} ont été laissés de côté',
  menu_links_cut: 'Les liens de menu au-delà de {max} ont été laissés de côté',
  text_past_limits: 'Le texte au-delà de nos limites ({paragraphs} paragraphes, {items} éléments de liste, {runs} segments) a été laissé de côté',
  lexical_past_limits: 'Le texte au-delà de nos limites (imbrication, segments ou paragraphes) a été laissé de côté',
  markup_read_as_text: 'Un balisage imbriqué sur plus de {max} niveaux a été lu comme du texte brut',
  markup_left_out: 'Un balisage imbriqué sur plus de {max} niveaux a été laissé de côté',
  html_cut: 'Le HTML au-delà de {max} caractères a été coupé',

  unknown_content: 'Un contenu « {type} » (un outil personnalisé, un compte à rebours, un formulaire…) n’est pas un bloc que nous importons ; il a été laissé de côté',
  untyped_content: 'Un contenu sans type (un outil personnalisé, un compte à rebours, un formulaire…) n’est pas un bloc que nous importons ; il a été laissé de côté',
  unknown_module: 'Un module « {type} » (une extension, un formulaire, un compte à rebours, des icônes…) n’est pas un bloc que nous importons ; il a été laissé de côté',
  untyped_module: 'Un module sans type (une extension, un formulaire, un compte à rebours, des icônes…) n’est pas un bloc que nous importons ; il a été laissé de côté',
  unknown_element: '{element} n’est pas un élément que nous importons ; il a été laissé de côté',
  not_in_section: '{element} n’est pas un élément d’une section ; il a été laissé de côté',
  html_block_custom: 'HTML personnalisé : gardé comme bloc HTML, que l’éditeur montre sous forme de code',
  html_block_nested_table: 'Un tableau de plusieurs colonnes dans une colonne (un tableau imbriqué) : gardé comme bloc HTML, que l’éditeur montre sous forme de code',
  html_block_element: '{element} n’a pas de bloc chez nous : gardé comme bloc HTML, que l’éditeur montre sous forme de code',
  html_block_mj_raw: 'HTML brut (mj-raw) : gardé comme bloc HTML, que l’éditeur montre sous forme de code',
  html_block_mj_table: 'Un tableau (mj-table) : gardé comme bloc HTML, que l’éditeur montre sous forme de code',
  html_block_rich_text: 'Un texte contenant des images, des tableaux ou des champs de formulaire : gardé comme bloc HTML, que l’éditeur montre sous forme de code',
  heading_level: 'Un {tag} est devenu un titre de niveau 4, notre plus petit',
  text_heading: 'Un titre dans le texte est devenu un paragraphe en gras : un bloc de texte contient des paragraphes et des listes, pas des tailles de titre',
  text_headings: '{count} titres dans le texte sont devenus des paragraphes en gras : un bloc de texte contient des paragraphes et des listes, pas des tailles de titre',
  nested_list: 'Une liste dans une liste a été aplatie dans la liste qui la contient',
  image_without_address: 'Une image sans adresse utilisable a été laissée de côté',
  button_without_text: 'Un bouton sans texte a été laissé de côté',
  social_without_address: 'Un lien social sans adresse utilisable a été laissé de côté',
  video_as_button: 'Une vidéo dont nous ne trouvons pas la miniature est devenue un bouton qui y mène',
  carousel_first_image: 'Un carrousel est devenu un bloc image de sa première image (sur {count}) : ses flèches et ses vignettes ne sont pas gardées',
  hero_as_row: 'Un bandeau (hero) est devenu une ligne avec son image de fond ; sa hauteur et son mode ne sont pas gardés',
  hero_height_estimated: 'Un bandeau (hero) est devenu une ligne avec son image de fond ; sa hauteur est gardée comme espace sous son contenu, d’après une estimation de la hauteur de ce contenu',
  wrapper_background: 'L’image de fond de l’enveloppe (wrapper) a été laissée de côté : chacune de ses sections garde la sienne',
  band_colour: 'La couleur de bande de la ligne ({band}) a été laissée de côté : notre ligne peint celle de son contenu ({inner})',
  navbar_hamburger: 'Le menu hamburger de la barre de navigation sur téléphone n’est pas gardé : ses liens s’affichent en ligne',
  flex_widths: 'Dans la source, les boîtes de cette rangée flex sont aussi larges que leur contenu ; ici elles se partagent la largeur de la ligne en parts fixes',
  unlayer_headers: 'Les en-têtes Unlayer ne sont pas gardés : ajoutez-les comme lignes',
  unlayer_footers: 'Les pieds de page Unlayer ne sont pas gardés : ajoutez-les comme lignes',

  phone_values: 'Les réglages propres aux téléphones de « {type} » ne sont pas gardés : nos designs ont encore un seul style pour tous les écrans',
  display_condition: 'La condition d’affichage de « {type} » n’est pas gardée : il s’affiche pour tout le monde',
  hidden_on_desktops: '« {type} » était masqué sur ordinateur ; il s’affiche désormais sur tous les écrans',
  hidden_on_phones: '« {type} » était masqué sur téléphone ; il s’affiche désormais sur tous les écrans',
  fixed_width: 'Le contenu fait {width} px de large sur tous les écrans (une largeur fixe, sans max-width) : ce design se rétrécit sur un écran de moins de {width} px (un e-mail garde la largeur)',

  style_element: 'Le CSS de <style> n’est pas gardé : seuls les styles écrits sur les éléments sont lus',
  mj_style: 'Le CSS de mj-style n’est pas gardé : nos blocs portent leurs propres styles',

  mj_include: 'mj-include n’est jamais suivi : mettez le contenu du fichier dans la source',
  mjml_cut_short: 'Le MJML se termine avant sa balise </mjml> : il semble coupé, et seul ce qui précède la coupure a été lu',
  mjml_changed: 'Le MJML a été modifié depuis son export : son balisage a été lu, pas le design qu’il transporte',

  link_unsafe: 'Un lien avait une adresse {scheme}: ({address}), qui pourrait exécuter du code ; il a été laissé de côté',
  link_unusable: 'Un lien avait une adresse que nos designs ne peuvent pas contenir ({address}) ; il a été laissé de côté',
  address_unsafe: 'Une adresse {scheme}: ({address}) pourrait exécuter du code ; elle a été laissée de côté',
  address_unusable: 'Une adresse que nos designs ne peuvent pas contenir ({address}) a été laissée de côté',
  image_unsafe: 'Une image avait une adresse {scheme}: ({address}), qui pourrait exécuter du code ; elle a été laissée de côté',
  image_unusable: 'Une image avait une adresse que nos designs ne peuvent pas contenir ({address}) ; elle a été laissée de côté',
  font_insecure: 'La police web à l’adresse {address} n’est pas servie en https ; elle a été laissée de côté',
  script_left_out: 'Un script a été laissé de côté : rien d’exécutable n’est importé',
  html_too_deep: 'HTML brut importé : imbriqué sur plus de {max} niveaux, gardé comme texte.',
  html_elements_removed: 'HTML brut importé : retiré {elements}.',
  html_event_handlers_removed: 'HTML brut importé : retiré les attributs de gestion d’événements (on...).',
  html_unsafe_urls_removed: 'HTML brut importé : retiré les adresses dangereuses (javascript:, vbscript:, data:text).',
  html_css_functions_removed: 'HTML brut importé : retiré url() et expression() du CSS des styles.',

  merge_tag_unused: 'n’est pas une balise de la source associée à l’une de nos balises ({tags}) ; elle n’a pas été utilisée',
};

export const IMPORT_WARNING_WORDS_FR = codedWords(PREFIX, FRENCH);

/** A warning in the editor's language, from its code and values (its English `message` is the API's). */
export const importWarningWords = ({ code, params }: Pick<ImportWarning, 'code' | 'params'>, translate: (key: string, params: Record<string, string | number>) => string) =>
  translate(`${PREFIX}${code}`, params);
