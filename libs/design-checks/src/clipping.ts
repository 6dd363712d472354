import type { DesignMode } from '@embed/design-document/model';
import type { Draft } from './checks/types';

/** Gmail hides everything past 102 KB of an email's HTML behind "View entire message". */
export const GMAIL_CLIP_BYTES = 102 * 1024;

/** How full the email is against Gmail's clipping size, for a meter. */
export interface ClippingMeter {
  bytes: number;
  limit: number;
  /** bytes / limit: 1 is the clipping point. */
  ratio: number;
  clipped: boolean;
}

export const clippingMeter = (htmlBytes: number): ClippingMeter => ({
  bytes: htmlBytes,
  limit: GMAIL_CLIP_BYTES,
  ratio: htmlBytes / GMAIL_CLIP_BYTES,
  clipped: htmlBytes > GMAIL_CLIP_BYTES,
});

const KB = 1024;

/** The clipping finding for an email whose rendered HTML (merged, as sent) is `htmlBytes` long. */
export function clippingDrafts(mode: DesignMode, htmlBytes: number): Draft[] {
  if (mode !== 'email' || htmlBytes <= GMAIL_CLIP_BYTES) return [];
  return [{
    check: 'gmail-clipping',
    key: 'checks.gmail-clipping',
    params: { size: Math.round((htmlBytes / KB) * 10) / 10, limit: GMAIL_CLIP_BYTES / KB },
    target: { kind: 'design' },
  }];
}
