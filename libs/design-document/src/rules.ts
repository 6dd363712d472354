import { findJsonFault, formatJsonPath } from '@embed/storable-json';
import { DESIGN_LIMITS } from './limits';
import { modeAllowsBlock } from './modes';
import type { Block, DesignDocument } from './types';

// What the schema cannot say, checked the same way by the server's validator and by the
// editor's check of every edit: the input's form before the schema, rules across fields after it.

/** The UTF-8 size of a string (as Buffer.byteLength counts it), in a browser too and without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one character beyond the BMP
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Why the input cannot be a document whatever its fields say (not an object, text the
 * database cannot store, nesting or size past the limits), or null. First, so that nothing
 * after it (JSON.stringify included) walks a hostile depth.
 */
export function inputFault(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return '$ must be a JSON object';
  const fault = findJsonFault(input);
  if (fault) return `${formatJsonPath('$', fault.path)} ${fault.problem}`;
  const size = utf8Length(JSON.stringify(input));
  return size > DESIGN_LIMITS.maxBytes ? `$ is ${size} bytes, more than the ${DESIGN_LIMITS.maxBytes} allowed` : null;
}

function* blocksWithPaths(document: DesignDocument): Generator<[Block, string]> {
  for (const [r, row] of document.body.rows.entries())
    for (const [c, column] of row.columns.entries())
      for (const [b, block] of column.blocks.entries()) yield [block, `$.body.rows[${r}].columns[${c}].blocks[${b}]`];
  if (document.mode === 'document')
    for (const band of ['header', 'footer'] as const)
      for (const [b, block] of (document.settings[band]?.blocks ?? []).entries()) yield [block, `$.settings.${band}.blocks[${b}]`];
}

/** Rules that need more than one field, or a count over the whole document, of a document the schema takes. */
export function ruleErrors(document: DesignDocument): string[] {
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
  errors.push(...languageErrors(document));
  return errors;
}

/** Translations name only languages the design lists, and the list leaves out the default language. */
function languageErrors(document: DesignDocument): string[] {
  const errors: string[] = [];
  const listed = new Set((document.languages ?? []).map((tag) => tag.toLowerCase()));
  const base = (document.language ?? 'en').toLowerCase();
  if (listed.has(base)) errors.push(`$.languages lists ${document.language ?? 'en'}, the design's default language`);
  const check = (holder: object, path: string) => {
    for (const tag of Object.keys((holder as { translations?: Record<string, unknown> }).translations ?? {}))
      if (!listed.has(tag.toLowerCase()) || tag.toLowerCase() === base) errors.push(`${path}.translations has ${tag}, which is not one of the design's languages`);
  };
  check(document.settings, '$.settings');
  for (const [block, path] of blocksWithPaths(document)) check(block, path);
  return errors;
}
