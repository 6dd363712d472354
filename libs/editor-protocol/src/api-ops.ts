// The editor API calls the frame may ask the SDK for, by name. The frame never names a
// path: the SDK builds each call's URL itself from the operation and ids that keep to the
// id rule, so that no message from the frame can reach any other address of the service
// (a path of `%2e%2e` segments, say, which the service would resolve outside the editor API).
import { DESIGN_ID_PATTERN } from '@embed/contracts/ids';

/** An editor API call the frame asks the SDK to make (contracts §3). Bodies are JSON values, an image its bytes. */
export type ApiRequest =
  | { op: 'getSession' }
  | { op: 'getDesign'; designId: string }
  | { op: 'createDesign'; body: unknown }
  | { op: 'saveDesign'; designId: string; body: unknown }
  | { op: 'listRevisions'; designId: string }
  | { op: 'renderPreview'; body: unknown }
  | { op: 'exportDesign'; designId: string; body: unknown }
  | { op: 'uploadImage'; bytes: ArrayBuffer; contentType: string };
export type ApiOp = ApiRequest['op'];

/** The HTTP request the SDK makes for an ApiRequest: `path` is below the service's base URL. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  bytes?: ArrayBuffer;
  contentType?: string;
}

const EDITOR_API = '/editor/v1';

/** The path of a design, or null when `id` is not a design id. */
function designPath(id: unknown): string | null {
  return typeof id === 'string' && DESIGN_ID_PATTERN.test(id) ? `${EDITOR_API}/designs/${encodeURIComponent(id)}` : null;
}

const isImageType = (type: unknown): type is string => typeof type === 'string' && /^image\/[a-z0-9.+-]{1,64}$/i.test(type);

/**
 * The HTTP request for what the frame asked, or null for anything that is not one of the
 * operations above with valid ids (the message comes through postMessage: its shape is checked here).
 */
export function apiCallOf(request: ApiRequest): ApiCall | null {
  const asked = request as Partial<Record<string, unknown>>;
  const design = designPath(asked['designId']);
  switch (request.op) {
    case 'getSession':
      return { method: 'GET', path: `${EDITOR_API}/session` };
    case 'getDesign':
      return design === null ? null : { method: 'GET', path: design };
    case 'createDesign':
      return { method: 'POST', path: `${EDITOR_API}/designs`, json: request.body };
    case 'saveDesign':
      return design === null ? null : { method: 'PUT', path: design, json: request.body };
    case 'listRevisions':
      return design === null ? null : { method: 'GET', path: `${design}/revisions` };
    case 'renderPreview':
      return { method: 'POST', path: `${EDITOR_API}/render`, json: request.body };
    case 'exportDesign':
      return design === null ? null : { method: 'POST', path: `${design}/export`, json: request.body };
    case 'uploadImage':
      return request.bytes instanceof ArrayBuffer && isImageType(request.contentType)
        ? { method: 'POST', path: `${EDITOR_API}/images`, bytes: request.bytes, contentType: request.contentType }
        : null;
    default:
      return null;
  }
}
