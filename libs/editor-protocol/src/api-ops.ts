// The editor API calls the frame may ask the SDK for, by name. The frame never names a
// path: the SDK builds each call's URL itself from the operation and ids that keep to the
// id rule, so that no message from the frame can reach any other address of the service
// (a path of `%2e%2e` segments, say, which the service would resolve outside the editor API).
import { DESIGN_ID_PATTERN, IMAGE_ID_PATTERN, SAVED_ROW_ID_PATTERN, TEMPLATE_ID_PATTERN } from '@embed/contracts/ids';

/** Sent as `Idempotency-Key`: a POST sent again (a retry) carries the same one, so that the service does it once. */
interface Idempotent {
  idempotencyKey?: string;
}

/** An editor API call the frame asks the SDK to make (contracts §3). Bodies are JSON values, an image its bytes. */
export type ApiRequest =
  | { op: 'getSession' }
  | { op: 'getDesign'; designId: string }
  | ({ op: 'createDesign'; body: unknown } & Idempotent)
  | { op: 'saveDesign'; designId: string; body: unknown }
  | { op: 'listRevisions'; designId: string; cursor?: string; limit?: number }
  | { op: 'getRevision'; designId: string; revision: number }
  | { op: 'labelRevision'; designId: string; revision: number; label: string | null }
  | { op: 'renderPreview'; body: unknown }
  | ({ op: 'exportDesign'; designId: string; body: unknown } & Idempotent)
  | ({ op: 'uploadImage'; bytes: ArrayBuffer; contentType: string } & Idempotent)
  | { op: 'listTemplates'; cursor?: string }
  | { op: 'getTemplate'; templateId: string }
  | { op: 'getBrandKit' }
  | { op: 'listImages'; owner: 'person' | 'project'; cursor?: string }
  | { op: 'deleteImage'; imageId: string; force: boolean }
  | { op: 'listRows'; cursor?: string }
  | ({ op: 'saveRow'; body: unknown } & Idempotent)
  | { op: 'renameRow'; rowId: string; body: unknown }
  | { op: 'deleteRow'; rowId: string };
export type ApiOp = ApiRequest['op'];

/** The HTTP request the SDK makes for an ApiRequest: `path` is below the service's base URL. */
export interface ApiCall extends Idempotent {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  bytes?: ArrayBuffer;
  contentType?: string;
}

const EDITOR_API = '/editor/v1';

const ID_RULES = { designs: DESIGN_ID_PATTERN, templates: TEMPLATE_ID_PATTERN, images: IMAGE_ID_PATTERN, rows: SAVED_ROW_ID_PATTERN };

/** The path of one design, template, image or saved row, or null when `id` does not keep to its kind's id rule. */
function itemPath(kind: keyof typeof ID_RULES, id: unknown): string | null {
  const rule = ID_RULES[kind];
  return typeof id === 'string' && rule.test(id) ? `${EDITOR_API}/${kind}/${encodeURIComponent(id)}` : null;
}

/** A list's query (`?cursor=…&limit=…`; nothing for the first page at the default size), null for a cursor or a size the API does not take. */
function listQuery(cursor: unknown, limit: unknown): string | null {
  if ((cursor !== undefined && typeof cursor !== 'string') || (limit !== undefined && !isPageSize(limit))) return null;
  const query = [cursor ? `cursor=${encodeURIComponent(cursor)}` : '', limit === undefined ? '' : `limit=${limit}`].filter(Boolean).join('&');
  return query && `?${query}`;
}

const isImageType = (type: unknown): type is string => typeof type === 'string' && /^image\/[a-z0-9.+-]{1,64}$/i.test(type);

/** A restore point's revision: a whole number in the range the service keeps. */
const isRevision = (revision: unknown): revision is number => Number.isSafeInteger(revision) && (revision as number) >= 0;

/** A page size the editor API takes (1 to 100). */
const isPageSize = (limit: unknown): limit is number => Number.isSafeInteger(limit) && (limit as number) >= 1 && (limit as number) <= 100;

/** The idempotency key the frame gave, when it is a plain string the header can carry. */
function idempotencyOf(asked: Partial<Record<string, unknown>>): Idempotent {
  const key = asked['idempotencyKey'];
  return typeof key === 'string' && /^[\x21-\x7e]{1,255}$/.test(key) ? { idempotencyKey: key } : {};
}

/**
 * The HTTP request for what the frame asked, or null for anything that is not one of the
 * operations above with valid ids (the message comes through postMessage: its shape is checked here).
 */
export function apiCallOf(request: ApiRequest): ApiCall | null {
  const asked = request as Partial<Record<string, unknown>>;
  const design = itemPath('designs', asked['designId']);
  const savedRow = itemPath('rows', asked['rowId']);
  const idempotent = idempotencyOf(asked);
  switch (request.op) {
    case 'getSession':
      return { method: 'GET', path: `${EDITOR_API}/session` };
    case 'getDesign':
      return design === null ? null : { method: 'GET', path: design };
    case 'createDesign':
      return { method: 'POST', path: `${EDITOR_API}/designs`, json: request.body, ...idempotent };
    case 'saveRow':
      return { method: 'POST', path: `${EDITOR_API}/rows`, json: request.body, ...idempotent };
    case 'saveDesign':
      return design === null ? null : { method: 'PUT', path: design, json: request.body };
    case 'renameRow':
      return savedRow === null ? null : { method: 'PUT', path: savedRow, json: request.body };
    case 'deleteRow':
      return savedRow === null ? null : { method: 'DELETE', path: savedRow };
    case 'listRevisions': {
      const query = listQuery(asked['cursor'], asked['limit']);
      return design === null || query === null ? null : { method: 'GET', path: `${design}/revisions${query}` };
    }
    case 'getRevision':
      return design === null || !isRevision(asked['revision']) ? null : { method: 'GET', path: `${design}/revisions/${asked['revision']}` };
    case 'labelRevision':
      return design === null || !isRevision(asked['revision']) ? null : { method: 'PUT', path: `${design}/revisions/${asked['revision']}`, json: { label: request.label } };
    case 'renderPreview':
      return { method: 'POST', path: `${EDITOR_API}/render`, json: request.body };
    case 'exportDesign':
      return design === null ? null : { method: 'POST', path: `${design}/export`, json: request.body, ...idempotent };
    case 'uploadImage':
      return request.bytes instanceof ArrayBuffer && isImageType(request.contentType)
        ? { method: 'POST', path: `${EDITOR_API}/images`, bytes: request.bytes, contentType: request.contentType, ...idempotent }
        : null;
    case 'listTemplates':
    case 'listRows': {
      const query = listQuery(asked['cursor'], undefined);
      return query === null ? null : { method: 'GET', path: `${EDITOR_API}/${request.op === 'listRows' ? 'rows' : 'templates'}${query}` };
    }
    case 'getTemplate': {
      const template = itemPath('templates', asked['templateId']);
      return template === null ? null : { method: 'GET', path: template };
    }
    case 'getBrandKit':
      return { method: 'GET', path: `${EDITOR_API}/brand-kit` };
    case 'listImages': {
      const query = listQuery(asked['cursor'], undefined);
      const owner = request.owner === 'project' ? 'project' : 'person';
      return query === null ? null : { method: 'GET', path: `${EDITOR_API}/images?owner=${owner}${query.replace('?', '&')}` };
    }
    case 'deleteImage': {
      const image = itemPath('images', asked['imageId']);
      return image === null ? null : { method: 'DELETE', path: `${image}${request.force === true ? '?force=true' : ''}` };
    }
    default:
      return null;
  }
}
