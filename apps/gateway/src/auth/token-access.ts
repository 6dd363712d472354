import type { TokenAccess } from '@embed/contracts';

/** Metadata of an editor-API handler: the access its token needs (set by EditorEndpoint). */
export const REQUIRED_ACCESS = 'editor-token-access';

/** Whether a token that allows `granted` may call a handler that needs `required`: edit allows everything, read only reads. */
export const accessAllows = (granted: TokenAccess, required: TokenAccess): boolean => granted === 'edit' || required === 'read';
