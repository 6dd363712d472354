export * from './audit-html';
export * from './character-classes';
export { design, MODES } from './arbitrary-design';
export { withDeviceStyles } from './arbitrary-devices';
export { bilingual, SECOND_LANGUAGE } from './arbitrary-languages';
