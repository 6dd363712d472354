import type { WebhookEventType } from '@embed/contracts';

type Kind = WebhookEventType;

/** When each kind is sent (spec section 6), for the reference. */
const SENT_WHEN: Record<Kind, string> = {
  'design.saved': 'A design was created (revision 0) or saved through the editor. Saves still waiting for delivery are merged: `revision` is the newest.',
  'design.deleted': 'A design was deleted through the editor.',
  'export.created': 'A design was exported, by the integrator’s server (`exportDesign`) or in the editor.',
  'user.erased': 'A person’s erasure (`eraseUser`) has finished: nothing of theirs is left.',
  ping: 'An operator’s `webhook ping`: sent whatever the webhook subscribed to, `message` always the same text.',
};

export const SIGNATURE_PARAMETER = {
  name: 'Service-Signature',
  in: 'header',
  required: true,
  description: [
    '`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC of `<t>.<raw body>` keyed with the webhook secret (its UTF-8 characters, `whsec_` included).',
    'During a secret rotation there is one `v1=` per secret; accept the request when any matches. Refuse a `t` more than 5 minutes from your clock.',
  ].join(' '),
  schema: { type: 'string', pattern: '^t=[0-9]+(,v1=[0-9a-f]{64})+$' },
};

export const webhookSummary = (kind: Kind) => SENT_WHEN[kind];

export const WEBHOOK_DESCRIPTION =
  'A POST to the project’s webhook URL, signed with `Service-Signature`: verify it on the raw body, skip an `id` already handled, and answer any 2xx within 10 seconds, or it is tried again (8 attempts in all).';
