export * from './model';
export { modeMismatch, validateDesign, type DesignValidation } from './validate';
export { designForMode } from './design-for-mode';
