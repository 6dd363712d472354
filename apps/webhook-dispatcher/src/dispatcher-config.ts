import { databaseSpecs, webhookDeliverySpecs } from '@embed/config';
import type { BackendConfig } from '@embed/service-runtime';

export const webhookDispatcherSpecs = { ...databaseSpecs, ...webhookDeliverySpecs };
export type DispatcherConfig = BackendConfig<typeof webhookDispatcherSpecs>;

/** The injection token of the dispatcher's validated configuration. */
export const DISPATCHER_CONFIG = Symbol('DISPATCHER_CONFIG');
