import { ENVIRONMENTS, type EraseUserRequest } from '@embed/contracts';

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length >= 1 && value.length <= max;
const hasOnly = (value: object, keys: string[]) => Object.keys(value).every((key) => keys.includes(key));

/** The gateway validates too; a receiver never trusts its sender's validation. */
export function isEraseUserRequest(payload: unknown): payload is EraseUserRequest {
  if (typeof payload !== 'object' || payload === null || !hasOnly(payload, ['person'])) return false;
  const { person } = payload as { person?: Record<string, unknown> };
  return (
    typeof person === 'object' &&
    person !== null &&
    hasOnly(person, ['projectId', 'environment', 'userId']) &&
    isText(person.projectId, 64) &&
    ENVIRONMENTS.includes(person.environment as never) &&
    isText(person.userId, 256)
  );
}
