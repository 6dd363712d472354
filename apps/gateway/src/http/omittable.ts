import { ValidateIf } from 'class-validator';

/**
 * A field a request may leave out, its other rules then not run. Unlike class-validator's
 * IsOptional, a null is not leaving it out: null is a value that no rule of a field takes,
 * as the OpenAPI document says (such a field is not required there, and never nullable).
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
