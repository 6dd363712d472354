import { type TObject, Type } from '@sinclair/typebox';
import { EXPORT_FORMATS, EXPORT_SOURCES, type ExportFormat, type ExportSource } from './designs';
import type { Environment } from './domain';
import { describing, DesignIdSchema, EnvironmentSchema, OneOf, Strict, TimeSchema, UserIdSchema } from './schema';

/** Event kinds a webhook can subscribe to (spec section 6); `ping` is always sent. */
export const SUBSCRIBABLE_EVENTS = ['design.saved', 'design.deleted', 'export.created', 'user.erased'] as const;
export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];
export type WebhookEventType = SubscribableEvent | 'ping';

export const PING_MESSAGE = 'Webhook test from the embed service: if you can read this, your endpoint works.';

/** The JSON body of every webhook POST. `id` is the delivery's, the same on every retry. */
export interface WebhookEnvelope<D = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  projectId: string;
  environment: Environment;
  data: D;
}

/**
 * `data` of each event kind (spec section 6): the repositories that write an event take its
 * type, and the integrators' client re-exports it to read it. Written out as plain types,
 * which the client's published declarations carry without TypeBox; each schema below is
 * checked against its type at compile time (`describing`), so the two cannot part.
 */
export interface WebhookEventData {
  /** `languages`: the design's languages, its default first (design document: `language`, `languages`). */
  'design.saved': { designId: string; userId: string; revision: number; languages: string[] };
  'design.deleted': { designId: string; userId: string };
  'export.created': { exportId: string; designId: string; userId: string; revision: number; source: ExportSource; format: ExportFormat };
  'user.erased': { userId: string };
  ping: { message: string };
}

/** The schema of each kind's `data`, which the OpenAPI document shows. */
export const WEBHOOK_EVENT_DATA = {
  'design.saved': describing<WebhookEventData['design.saved']>()(Strict({
    designId: DesignIdSchema,
    userId: UserIdSchema,
    revision: Type.Integer({ minimum: 0 }),
    languages: Type.Array(Type.String(), { description: 'The design’s languages (BCP 47), its default first (design document: `language`, `languages`).' }),
  })),
  'design.deleted': describing<WebhookEventData['design.deleted']>()(Strict({ designId: DesignIdSchema, userId: UserIdSchema })),
  'export.created': describing<WebhookEventData['export.created']>()(Strict({
    exportId: Type.String(),
    designId: DesignIdSchema,
    userId: UserIdSchema,
    revision: Type.Integer({ minimum: 0 }),
    source: OneOf(EXPORT_SOURCES),
    format: OneOf(EXPORT_FORMATS),
  })),
  'user.erased': describing<WebhookEventData['user.erased']>()(Strict({ userId: UserIdSchema })),
  ping: describing<WebhookEventData['ping']>()(Strict({ message: Type.String() })),
} satisfies Record<WebhookEventType, TObject>;

/** The schema name of a kind's body: `design.saved` -> `DesignSavedEvent`. */
export const eventSchemaName = (kind: WebhookEventType) =>
  `${kind
    .split('.')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('')}Event`;

/** The whole body of a delivery of one kind, for the OpenAPI document's webhooks. */
export const webhookEventSchema = (kind: WebhookEventType) =>
  Strict(
    {
      id: Type.String({ description: 'The delivery’s id: the same on every retry, with the same body byte for byte. Skip ids already handled.' }),
      type: Type.Literal(kind),
      createdAt: TimeSchema,
      projectId: Type.String(),
      environment: { ...EnvironmentSchema, description: 'A project has one webhook, which gets both environments’ events.' } as typeof EnvironmentSchema,
      data: WEBHOOK_EVENT_DATA[kind],
    },
    { title: eventSchemaName(kind) },
  );

/** A webhook's body, narrowed by `type`. `id` is the delivery's: a retry has the same, so skip ids already handled. */
export type WebhookEvent = {
  [K in keyof WebhookEventData]: Omit<WebhookEnvelope, 'type' | 'data'> & { type: K; data: WebhookEventData[K] };
}[keyof WebhookEventData];

/**
 * The exact text a delivery sends and signs, fields in the spec's order. It is written
 * once and stored; every attempt sends these same bytes.
 */
export function deliveryBody(envelope: WebhookEnvelope): string {
  const { id, type, createdAt, projectId, environment, data } = envelope;
  return JSON.stringify({ id, type, createdAt, projectId, environment, data });
}
