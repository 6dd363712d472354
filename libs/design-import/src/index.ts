export { importDesign, IMPORT_FORMATS, type ImportFormat, type ImportRequest, type ImportResult } from './import-design';
export { FormatNotImported, SourceUnreadable } from './errors';
export { MAX_MERGE_TAGS } from './merge-tags';
export { MAX_WARNINGS, type ImportWarning } from './warnings';
