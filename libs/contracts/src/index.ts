export * from './designs';
export * from './domain';
export * from './errors';
export * from './health';
export * from './services';
export * from './webhook-events';
export * from './render';
