import './tracing';
import { runBackendService } from '@embed/service-runtime';
import { WebhookDispatcherModule, webhookDispatcherSpecs } from './webhook-dispatcher.module';

runBackendService('webhook-dispatcher', webhookDispatcherSpecs, (config) => WebhookDispatcherModule.register(config));
