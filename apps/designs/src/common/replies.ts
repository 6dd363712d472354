import { fail } from '@embed/contracts';

/** The same answer whether the design does not exist or belongs to another person, project or environment. */
export const designNotFound = () => fail(404, 'design_not_found', 'no design with that id is this person’s');

export const userErased = () => fail(409, 'user_erased', 'this person is being erased');
