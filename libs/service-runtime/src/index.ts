export { BackendServiceModule } from './backend-service.module';
export { DrainingNatsServer } from './draining-nats.server';
export { InFlightInterceptor, InFlightTracker } from './in-flight';
export { LoggingModule, REDACTED_PATHS } from './logging.module';
export { RedisConnection, RedisModule } from './redis.module';
export { runBackendService, type BackendConfig } from './run';
export { ServiceClient, ServiceClientModule, ServiceUnavailableError } from './service-client';
export { finishSetup, loadConfigOrExit, startBackendService, type BackendServiceOptions } from './start';
