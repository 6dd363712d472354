export { importDesign, IMPORTED_FORMATS, type ImportRequest, type ImportResult } from './import-design';
export { FormatNotImported, SourceUnreadable } from './errors';
export { MAX_WARNINGS } from './warnings';
