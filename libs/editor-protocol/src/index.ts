export * from './journal';
export * from './messages';
