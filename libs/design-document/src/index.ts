export * from './model';
export { modeMismatch, validateDesign, type DesignValidation } from './validate';
export { validateRow, type RowValidation } from './row-validation';
