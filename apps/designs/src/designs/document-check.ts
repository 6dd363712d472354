import { type DesignDocument, type DesignMode, fail, ok, type ServiceReply } from '@embed/contracts';
import { modeMismatch, validateDesign } from '@embed/design-document';

/**
 * A document the editor may store for a project of `mode`: 400 design_invalid naming the
 * JSON path of the first fault, or 409 mode_unavailable for a valid design of another mode.
 */
export function checkDocument(doc: DesignDocument, mode: DesignMode): ServiceReply<DesignDocument> {
  const validation = validateDesign(doc);
  if (!validation.valid) return fail(400, 'design_invalid', `doc is not a design: ${validation.errors.join('; ')}`);
  const mismatch = modeMismatch(validation.document, mode);
  return mismatch ? fail(409, 'mode_unavailable', mismatch) : ok(doc);
}
