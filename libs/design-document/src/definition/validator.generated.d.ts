import type { ValidateFunction } from 'ajv';

/** The document's schema compiled by Ajv into standalone code (generated-files.ts). */
declare const validate: ValidateFunction;
export default validate;
