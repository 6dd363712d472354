export * from './origin';
