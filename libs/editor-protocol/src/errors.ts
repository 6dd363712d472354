import type { ErrorCode } from '@embed/contracts';

/**
 * The codes the editor and the SDK give of their own. Beside them an error carries the
 * API's codes as the service answered them (ErrorCode of @embed/contracts), or
 * `http_<status>` for an answer without one. docs/editor.md says what a page should do
 * for each; errors.spec.ts holds the two the same.
 */
export const EDITOR_ERROR_CODES = [
  'options_invalid',
  'editor_unavailable',
  'editor_failed',
  'editor_not_ready',
  'editor_destroyed',
  'token_unavailable',
  'network_error',
  'request_invalid',
  'editor_read_only',
  'edit_refused',
  'upload_failed',
  'save_failed',
  'design_not_saved',
  'journal_unavailable',
] as const satisfies readonly string[];
export type EditorErrorCode = (typeof EDITOR_ERROR_CODES)[number];

/** An error as the SDK's promises reject and its `error` event carries it. */
export interface EditorError {
  code: EditorErrorCode | ErrorCode | `http_${number}`;
  message: string;
}

export const editorError = (code: EditorErrorCode, message: string): EditorError => ({ code, message });
