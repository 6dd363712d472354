export * from './model';
export { modeMismatch, validateDesign, type DesignValidation } from './validate';
