import type { CreateDesignRequest, DesignRequest, ListDesignsRequest, SaveDesignRequest } from '@embed/contracts';
import {
  designDocumentSchema,
  designIdSchema,
  designModeSchema,
  designNameSchema,
  payloadChecker,
  personScopeSchema,
  strictObject,
} from '../common/payload-check';

export const checkListDesigns = payloadChecker<ListDesignsRequest>(
  strictObject(
    { person: personScopeSchema, limit: { type: 'integer', minimum: 1, maximum: 200 }, cursor: { type: 'string', minLength: 1, maxLength: 512 } },
    ['person', 'limit'],
  ),
);

/** get, delete and revisions: one design of one person. */
export const checkDesignRequest = payloadChecker<DesignRequest>(strictObject({ person: personScopeSchema, designId: designIdSchema }, ['person', 'designId']));

export const checkCreateDesign = payloadChecker<CreateDesignRequest>(
  strictObject({ person: personScopeSchema, mode: designModeSchema, name: designNameSchema, doc: designDocumentSchema }, [
    'person',
    'mode',
    'name',
    'doc',
  ]),
);

export const checkSaveDesign = payloadChecker<SaveDesignRequest>(
  strictObject(
    { person: personScopeSchema, designId: designIdSchema, mode: designModeSchema, name: designNameSchema, doc: designDocumentSchema },
    ['person', 'designId', 'mode', 'doc'],
  ),
);
