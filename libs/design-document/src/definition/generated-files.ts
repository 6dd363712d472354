import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import { DESIGN_DOCUMENT_JSON_SCHEMA, publishedSchemaText } from './json-schema';

// Ajv compiling the document's schema took about half a second of CPU, in every process and
// worker thread that loaded this lib (each service, each render worker, each admin command,
// each test file). Its standalone code is the same validator, compiled once here and kept in
// the repository beside the schema it comes from.

/** Where the validator's code is kept (validate.ts loads it). */
export const VALIDATOR_FILE = 'libs/design-document/src/definition/validator.generated.js';

const HEADER = '// Written by `node tools/design-schema.mjs` from the definition (generated-files.ts): do not edit.\n';

/** The validator's code: allErrors stays off, so the first error is enough to name and a hostile document costs no more than the walk up to its first fault. */
function validatorSource(): string {
  const ajv = new Ajv2020({ discriminator: true, allErrors: false, strict: true, code: { source: true } });
  return `${HEADER}${standaloneCode(ajv, ajv.compile(DESIGN_DOCUMENT_JSON_SCHEMA))}\n`;
}

/** The files written from the definition, by path from the repository's root: each must be what the definition says (the unit tests check it). */
export const generatedFiles = (): { path: string; text: string }[] => [
  { path: 'docs/design-document.schema.json', text: publishedSchemaText() },
  { path: VALIDATOR_FILE, text: validatorSource() },
];
