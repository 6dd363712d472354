/** A JSON value: what survives JSON.stringify and IndexedDB alike. */
export type Storable = null | boolean | number | string | Storable[] | { [key: string]: Storable };

/**
 * Commands carry `undefined` where a field is to be taken away (an inverse patch of a
 * field that was not set, a column without a ratio); JSON drops such keys, which would
 * make undo leave the field behind. Design documents hold no null, so null stands for it.
 */
export const toStorable = (value: unknown): Storable => JSON.parse(JSON.stringify(value, (_key, item) => (item === undefined ? null : item)));

/** The value back, each null an undefined again with its key kept. */
export function fromStorable(value: Storable): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map(fromStorable);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromStorable(item)]));
  return value;
}
