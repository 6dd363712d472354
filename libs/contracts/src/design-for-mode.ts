import { type DesignDocument, type DesignMode, modeMismatch, validateDesign } from '@embed/design-document';
import { fail, ok, type ServiceReply } from './errors';

/**
 * The one check of a document against the project's mode, for a save and a render alike:
 * the document when it is a valid design of `mode`; 400 design_invalid naming the JSON
 * path of the first fault; 409 mode_unavailable for a valid design of another mode.
 */
export function designForMode(doc: unknown, mode: DesignMode): ServiceReply<DesignDocument> {
  const validation = validateDesign(doc);
  if (!validation.valid) return fail(400, 'design_invalid', `doc is not a design: ${validation.errors.join('; ')}`);
  const mismatch = modeMismatch(validation.document, mode);
  return mismatch ? fail(409, 'mode_unavailable', mismatch) : ok(validation.document);
}
