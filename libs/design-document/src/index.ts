export * from './types';
export { DESIGN_LIMITS } from './limits';
export { modeMismatch, validateDesign, type DesignValidation } from './validate';
