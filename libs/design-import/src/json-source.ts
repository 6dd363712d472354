// Reading a JSON source that may hold anything: only own fields are read (a `__proto__`
// or `constructor` key is a field like any other), and a wrong type reads as nothing.

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field if the value is an object that has it as its own. */
export function own(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export const ownObject = (value: unknown, key: string): JsonObject => {
  const field = own(value, key);
  return isObject(field) ? field : {};
};

export const ownArray = (value: unknown, key: string): unknown[] => {
  const field = own(value, key);
  return Array.isArray(field) ? field : [];
};

export const ownString = (value: unknown, key: string): string | undefined => {
  const field = own(value, key);
  return typeof field === 'string' ? field : undefined;
};
