// The messages between the SDK (embed.js, in the integrator's page) and the editor app (an
// iframe on the service's origin). The editor frame never holds a token and never calls
// the API itself: it asks the SDK, whose fetch carries the host page's real Origin, so the
// server, not the browser, decides whether that page may use the token (contracts §3, §7).
// The frame keeps its journal of unsaved changes in the page the same way (journal.ts).
import type { ApiRequest } from './api-ops';
import type { EditorError } from './errors';
import type { JournalOp, JournalOps } from './journal';

/** Every message carries this tag and version, so other postMessage traffic is ignored. */
export const PROTOCOL = 'embed-editor';
export const PROTOCOL_VERSION = 1;

/** The editor app's entry, below the service's base URL. */
export const EDITOR_APP_PATH = '/editor/v1/app/';

/** The options of `EmbedEditor.mount` that the frame needs (getToken stays in the page). */
export interface EditorOptions {
  designId?: string;
  /** One of the project's templates (`GET /editor/v1/templates/{templateId}`) a new design starts from; `designId` wins. */
  templateId?: string;
  template?: unknown;
  name?: string;
  readOnly?: boolean;
  locale?: string;
  /** The integrator's merge tags (docs/editor.md, "Merge tags"): checked by the editor, which says which entry it leaves out and why. */
  mergeTags?: unknown;
}

/** One merge tag the integrator offers: as written (`{{contact.plan}}`, or `contact.plan`), its label, a sample value for previews, and its group in the menu. */
export interface MergeTagOption {
  tag: string;
  label: string;
  sample?: string;
  group?: string;
}

/** What the SDK got back; a network failure is `status: 0` with the error's text. */
export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface SavedDesign {
  designId: string;
  revision: number;
}

/**
 * What the frame tells the page, with each event's detail. A change carries no document:
 * the page asks for it (the `getDesign` command), so that it has every edit made before.
 */
export interface EditorEvents {
  ready: { designId: string | null };
  change: Record<string, never>;
  save: SavedDesign;
  error: EditorError;
}
export type EditorEventName = keyof EditorEvents;

/** What the page can ask the editor to do, with what each resolves to. */
export interface EditorCommands {
  save: { args: []; result: SavedDesign };
  export: { args: [format: string]; result: unknown };
  /** The design document as the editor holds it when the command arrives. */
  getDesign: { args: []; result: unknown };
}
export type EditorCommandName = keyof EditorCommands;

/** A journal operation the frame asks the SDK to run on the page's journal. */
export type JournalRequest = { [K in JournalOp]: { type: 'journal'; id: number; op: K; args: JournalOps[K]['args'] } }[JournalOp];

/** Frame -> page. */
export type FrameMessage =
  | { type: 'hello' }
  | { type: 'api'; id: number; request: ApiRequest }
  | JournalRequest
  | { [K in EditorEventName]: { type: 'event'; name: K; detail: EditorEvents[K] } }[EditorEventName]
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: EditorError };

/** Page -> frame. */
export type PageMessage =
  | { type: 'init'; options: EditorOptions }
  | { type: 'api-result'; id: number; response: ApiResponse }
  | { type: 'command'; id: number; name: EditorCommandName; args: unknown[] }
  | { type: 'journal-result'; id: number; ok: true; value: unknown }
  | { type: 'journal-result'; id: number; ok: false; error: EditorError };

export type Envelope<M> = M & { protocol: typeof PROTOCOL; version: typeof PROTOCOL_VERSION };

export function envelope<M extends object>(message: M): Envelope<M> {
  return { ...message, protocol: PROTOCOL, version: PROTOCOL_VERSION };
}

/** True for a message of this protocol and version; anything else posted to the window is not ours. */
export function isEnvelope(data: unknown): data is Envelope<{ type: string }> {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return message.protocol === PROTOCOL && message.version === PROTOCOL_VERSION && typeof message.type === 'string';
}
