export * from './api-ops';
export * from './journal';
export * from './messages';
export * from './errors';
