import { EXPORT_FORMATS, EXPORT_SOURCES, type ExportDesignRequest } from '@embed/contracts';
import { designIdSchema, payloadChecker, personScopeSchema, strictObject } from '../common/payload-check';

// merge and text go on to the renderer, which checks them field by field (and names the
// field in its 400 answer); here they only need to be objects.
export const checkExportDesign = payloadChecker<ExportDesignRequest>({
  ...strictObject(
    {
      person: personScopeSchema,
      designId: designIdSchema,
      format: { enum: [...EXPORT_FORMATS] },
      source: { enum: [...EXPORT_SOURCES] },
      merge: { type: 'object' },
      text: { type: 'object' },
      fullPage: { type: 'boolean' },
    },
    ['person', 'designId', 'format', 'source'],
  ),
  // The server API has no plain-text format: only the editor exports `text`.
  if: { properties: { source: { const: 'server' } } },
  then: { properties: { format: { enum: EXPORT_FORMATS.filter((format) => format !== 'text') } } },
});
