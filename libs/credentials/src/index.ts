export * from './credentials';
export * from './random-pool';
