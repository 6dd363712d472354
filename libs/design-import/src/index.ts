export { importDesign, type ImportRequest, type ImportResult } from './import-design';
export { SourceUnreadable } from './errors';
export { MAX_WARNINGS } from './warnings';
export { mjmlExport } from './mjml-export';
