export * from './audit-html';
export * from './character-classes';
export { withinTime } from './adversarial';
export { design, MODES } from './arbitrary-design';
export { withDeviceStyles } from './arbitrary-devices';
export { bilingual, SECOND_LANGUAGE } from './arbitrary-languages';
