export { ConfigError, loadConfig, type ConfigOf } from './load-config';
export { LOCAL_STACK_MARKER } from './secrets';
export { cursorSpecs, databaseSpecs, erasureLedgerSpecs, fraction, httpSpecs, natsSpecs, positiveInt, redisSpecs, runtimeSpecs } from './specs';
export { webhookDeliverySpecs, webhookUrlSpecs } from './specs';
export { storageSpecs } from './specs';
export { tracingEnabled, tracingSpecs } from './specs';
export { testTimeSpecs, timeScale } from './specs';
export { default as localProfiles } from './local-profiles.json';
