import { ENVIRONMENTS, EXPORT_FORMATS, EXPORT_SOURCES, UserIdSchema, type WebhookEvent, type WebhookEventData } from '@embed/contracts';
import { asJsonSchema } from '../http/shared-schemas';
import { dateTime, designId, integer, type JsonSchema, objectOf, string } from './response-schemas';

type Kind = keyof WebhookEventData;

const userId = asJsonSchema(UserIdSchema);

/** `data` of each event kind, typed against the registry's WebhookEventData: a field added there and not here fails to compile. */
const DATA: { [K in Kind]: { [F in keyof WebhookEventData[K]]-?: JsonSchema } } = {
  'design.saved': { designId, userId, revision: integer, languages: { type: 'array', items: string, description: 'The design’s languages (BCP 47), its default first.' } },
  'design.deleted': { designId, userId },
  'export.created': {
    exportId: string,
    designId,
    userId,
    revision: integer,
    source: { type: 'string', enum: EXPORT_SOURCES },
    format: { type: 'string', enum: EXPORT_FORMATS },
  },
  'user.erased': { userId },
  ping: { message: string },
};

/** When each kind is sent (spec section 6), for the reference. */
const SENT_WHEN: Record<Kind, string> = {
  'design.saved': 'A design was created (revision 0) or saved through the editor. Saves still waiting for delivery are merged: `revision` is the newest.',
  'design.deleted': 'A design was deleted through the editor.',
  'export.created': 'A design was exported, by the integrator’s server (`exportDesign`) or in the editor.',
  'user.erased': 'A person’s erasure (`eraseUser`) has finished: nothing of theirs is left.',
  ping: 'An operator’s `webhook ping`: sent whatever the webhook subscribed to, `message` always the same text.',
};

/** The schema name of a kind's body: `design.saved` -> `DesignSavedEvent`. */
export const eventSchemaName = (kind: string) =>
  `${kind
    .split('.')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('')}Event`;

function eventSchema(kind: Kind): JsonSchema {
  return objectOf<WebhookEvent>({
    id: { ...string, description: 'The delivery’s id: the same on every retry, with the same body byte for byte. Skip ids already handled.' },
    type: { const: kind },
    createdAt: dateTime,
    projectId: string,
    environment: { type: 'string', enum: ENVIRONMENTS, description: 'A project has one webhook, which gets both environments’ events.' },
    data: objectOf<Record<string, unknown>>(DATA[kind]),
  });
}

export const WEBHOOK_KINDS = Object.keys(DATA) as Kind[];

/** The body schema of every event kind, for `components.schemas`. */
export const WEBHOOK_SCHEMAS: Record<string, JsonSchema> = Object.fromEntries(WEBHOOK_KINDS.map((kind) => [eventSchemaName(kind), eventSchema(kind)]));

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
