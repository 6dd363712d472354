import type { EditorError } from '@embed/editor-protocol';
import type { MessageKey } from './en';
import type { Translator } from './translate';

/** The codes (the API's and the editor's own) the editor words itself; any other is named by its code. */
const KNOWN: Partial<Record<EditorError['code'], MessageKey>> = {
  design_invalid: 'errors.design_invalid',
  design_too_complex: 'errors.design_too_complex',
  design_not_found: 'errors.design_not_found',
  template_not_found: 'errors.template_not_found',
  image_not_found: 'errors.image_not_found',
  saved_row_not_found: 'errors.saved_row_not_found',
  user_erased: 'errors.user_erased',
  rate_limited: 'errors.rate_limited',
  service_unavailable: 'errors.service_unavailable',
  project_suspended: 'errors.suspended',
  workspace_suspended: 'errors.suspended',
  token_invalid: 'errors.token',
  token_unavailable: 'errors.token',
  network_error: 'errors.network',
  mode_unavailable: 'errors.mode_unavailable',
  quota_exceeded: 'errors.quota_exceeded',
};

/**
 * Why something failed, in the editor's language. The service's own words are English:
 * the editor words the codes it knows, and names any other by its code.
 */
export function errorWords({ t }: Translator, code: string): string {
  const key = KNOWN[code as EditorError['code']];
  return key ? t(key as 'errors.design_invalid') : t('errors.other', { code });
}
