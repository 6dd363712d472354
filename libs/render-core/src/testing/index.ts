export * from './audit-html';
export * from './character-classes';
