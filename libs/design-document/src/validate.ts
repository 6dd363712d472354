import Ajv2020 from 'ajv/dist/2020';
import { findJsonFault, formatJsonPath } from '@embed/storable-json';
import schema from './design-document.schema.json';
import { DESIGN_LIMITS } from './limits';
import { describeError } from './messages';
import { modeAllowsBlock } from './modes';
import type { Block, DesignDocument, DesignMode } from './types';

export type DesignValidation = { valid: true; document: DesignDocument } | { valid: false; errors: string[] };

// Compiled once per process. allErrors stays off: the first error is enough to name, and
// a hostile document then costs no more than the walk up to its first fault.
const ajv = new Ajv2020({ discriminator: true, allErrors: false, strict: true });
const schemaCheck = ajv.compile<DesignDocument>(schema);

function* blocksWithPaths(document: DesignDocument): Generator<[Block, string]> {
  for (const [r, row] of document.body.rows.entries())
    for (const [c, column] of row.columns.entries())
      for (const [b, block] of column.blocks.entries()) yield [block, `$.body.rows[${r}].columns[${c}].blocks[${b}]`];
  if (document.mode === 'document')
    for (const band of ['header', 'footer'] as const)
      for (const [b, block] of (document.settings[band]?.blocks ?? []).entries()) yield [block, `$.settings.${band}.blocks[${b}]`];
}

/** Rules that need more than one field, or a count over the whole document. */
function ruleErrors(document: DesignDocument): string[] {
  const errors: string[] = [];
  let blocks = 0;
  for (const [block, path] of blocksWithPaths(document)) {
    blocks++;
    if (!modeAllowsBlock(document.mode, block.type)) errors.push(`${path} is a ${block.type}, which ${document.mode} designs cannot carry`);
    if (block.type === 'form')
      block.fields.forEach((field, f) => {
        if (field.kind === 'select' && !field.options?.length) errors.push(`${path}.fields[${f}] is a select without options`);
      });
  }
  if (blocks > DESIGN_LIMITS.maxBlocks) errors.push(`$.body has ${blocks} blocks, more than the ${DESIGN_LIMITS.maxBlocks} allowed`);
  if (document.mode === 'popup' && document.settings.frequency.type === 'everyDays' && document.settings.frequency.days === undefined)
    errors.push('$.settings.frequency lacks "days", which everyDays needs');
  return errors;
}

/**
 * Checks that `input` is a version-1 design document. The errors name the JSON path and
 * the reason, ready for a `design_invalid` answer.
 */
export function validateDesign(input: unknown): DesignValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { valid: false, errors: ['$ must be a JSON object'] };
  // First, so that nothing after it (JSON.stringify included) walks a hostile depth; text
  // the database cannot store is refused whatever field holds it, which the schema cannot say.
  const fault = findJsonFault(input);
  if (fault) return { valid: false, errors: [`${formatJsonPath('$', fault.path)} ${fault.problem}`] };
  const size = Buffer.byteLength(JSON.stringify(input));
  if (size > DESIGN_LIMITS.maxBytes)
    return { valid: false, errors: [`$ is ${size} bytes, more than the ${DESIGN_LIMITS.maxBytes} allowed`] };
  if (!schemaCheck(input)) return { valid: false, errors: (schemaCheck.errors ?? []).map(describeError) };
  const errors = ruleErrors(input);
  return errors.length ? { valid: false, errors } : { valid: true, document: input };
}

/**
 * A valid document of another mode than the project's is not an invalid one: the caller
 * answers 409 `mode_unavailable` with this message.
 */
export function modeMismatch(document: DesignDocument, projectMode: DesignMode): string | null {
  if (document.mode === projectMode) return null;
  const article = document.mode === 'email' ? 'an' : 'a';
  return `this is ${article} ${document.mode} design and the project makes ${projectMode} designs`;
}
