// The document's types and rules without its validator: what a browser bundle can take
// (the validator compiles the schema into code at run time, which a strict CSP forbids).
export * from './types';
/** The document's small values (a colour, a font stack, an https font stylesheet...), for other shapes that must hold what a design holds (a brand kit). */
export { SCALARS as DOCUMENT_SCALARS } from './definition/scalars';
export { documentPatternRule } from './messages';
export { DESIGN_LIMITS } from './limits';
export { STYLE_DEFAULTS } from './defaults';
export { BLOCK_TYPES, DESIGN_MODES, blockTypesFor, modeAllowsBlock, type BlockType } from './modes';
export { definitionIssue, fieldDefinition, fieldIssue, fieldProblem, type FieldDefinition, type FieldIssue, type FieldRule } from './field-rules';
export type { DefinitionName } from './definition/document';
export { filledTag, leadingTag, MERGE_TAG, mergeTagPieces, tagsIn, type FilledTag, type WrittenTag } from './merge-tags';
export { isLinkScheme, LINK_SCHEMES, schemeOf } from './links';
export { designProblem } from './check';
export { phoneDefinition, phoneProperties, type PhonePart } from './devices';
export { LANGUAGE_TAG_PATTERN } from './definition/languages';
export { DEFAULT_LANGUAGE, designLanguages, inLanguage, servingLanguage, textDirection, type Untranslated, untranslatedTexts } from './languages';
export {
  fromLibrary,
  lockedRowChange,
  rowInLanguages,
  sameJson,
  syncedRowEdit,
  syncedRowIds,
  syncedRowReferences,
  syncedRowsForRender,
  syncedTextField,
  textsEditable,
  withSyncedRows,
} from './library-rows';
