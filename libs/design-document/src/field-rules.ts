import type { DefinitionName } from './definition/document';
import { DESIGN_DOCUMENT_JSON_SCHEMA as schema } from './definition/json-schema';

// One field's rule, read from the document's definition (./definition): the bounds an
// editor offers, and a value judged as it is typed, said in words naming the field. The
// definition stays the only statement of the rules.

type Node = {
  $ref?: string;
  type?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  const?: string | number;
  enum?: (string | number)[];
  required?: string[];
  properties?: Record<string, Node>;
  items?: Node;
  oneOf?: Node[];
  discriminator?: { propertyName: string };
};
const definitions = (schema as unknown as { $defs: Record<string, Node> }).$defs;

/** The $defs a single field can be checked against by name. */
export type FieldRule = 'color' | 'padding' | 'href' | 'url' | 'webUrl' | 'imageUrl' | 'fontStylesheetUrl' | 'fontFamily' | 'fontSize' | 'lineHeight' | 'borderRadius' | 'id' | 'shortText' | 'plainText';

/** What the definition says of one field: its bounds, its choices, the named rule it follows, and whether the document needs it. */
export interface FieldDefinition extends Omit<Node, '$ref' | 'required' | 'properties' | 'items' | 'oneOf' | 'discriminator' | 'const'> {
  /** The named part ($defs) the field follows, when it follows one (`color`, `href`...). */
  rule?: string;
  /** Every step of the path is required: the document cannot leave it out. */
  required: boolean;
}

function resolved(node: Node): [Node, string | undefined] {
  let name: string | undefined;
  while (node.$ref) {
    name = node.$ref.slice('#/$defs/'.length);
    node = definitions[name];
  }
  return [node, name];
}

/** The field `key` of an object (of a tagged union: its tag's values, or the member that has the field), and whether it is required. */
function field(holder: Node, key: string): [Node, boolean] {
  if (key === '*' && holder.items) return [holder.items, true];
  const members = holder.oneOf?.map((member) => resolved(member)[0]) ?? [holder];
  if (key === holder.discriminator?.propertyName) return [{ enum: members.map((member) => member.properties?.[key].const as string) }, true];
  const member = members.find((candidate) => candidate.properties?.[key]);
  if (!member?.properties) throw new Error(`the design document has no field ${key}`);
  return [member.properties[key], member.required?.includes(key) ?? false];
}

/** The definition of the field at `path` (`*` for an item of a list) inside the named part. */
export function fieldDefinition(part: DefinitionName, path: readonly string[]): FieldDefinition {
  let [node, rule] = resolved({ $ref: `#/$defs/${part}` });
  let required = true;
  for (const key of path) {
    const [child, needed] = field(node, key);
    [node, rule] = resolved(child);
    required &&= needed;
  }
  const { $ref: _ref, required: _required, properties: _properties, items: _items, oneOf: _oneOf, discriminator: _discriminator, const: only, ...bounds } = node;
  return { ...bounds, ...(only !== undefined ? { enum: [only] } : {}), rule, required };
}

/**
 * What is wrong with a value, as data, for an editor that words it in its own language:
 * not a number, not whole, out of range, too long, or not of the rule's form.
 */
export type FieldIssue =
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'length'; max: number }
  /** `rule`: the named rule the value breaks, when the field follows one. */
  | { kind: 'pattern'; rule?: FieldRule };

/** What is wrong with `value` for a field of this definition, or null when the document takes it. */
export function definitionIssue(definition: FieldDefinition, value: string | number): FieldIssue | null {
  if (typeof value === 'number' || definition.type === 'integer' || definition.type === 'number') {
    const number = Number(value);
    const { minimum, maximum } = definition;
    if ((typeof value === 'string' && value.trim() === '') || !Number.isFinite(number)) return { kind: 'number' };
    if (definition.type === 'integer' && !Number.isInteger(number)) return { kind: 'integer' };
    if ((minimum !== undefined && number < minimum) || (maximum !== undefined && number > maximum)) return { kind: 'range', min: minimum ?? number, max: maximum ?? number };
    return null;
  }
  if (definition.maxLength !== undefined && value.length > definition.maxLength) return { kind: 'length', max: definition.maxLength };
  if (definition.pattern && !new RegExp(definition.pattern, 'u').test(value)) return { kind: 'pattern', rule: definition.rule as FieldRule | undefined };
  return null;
}

/** What is wrong with `value` for a field of the named `rule`, or null when the schema takes it. */
export const fieldIssue = (rule: FieldRule, value: string | number): FieldIssue | null => definitionIssue({ ...definitions[rule], rule, required: false }, value);

const EXPLAINED: Partial<Record<FieldRule, string>> = {
  color: 'a colour such as #1a56db (3, 6 or 8 hex digits) or transparent',
  padding: 'one to four pixel values such as 10px or 10px 20px',
  href: 'an address starting with https://, http://, mailto:, tel:, # or a merge tag, or nothing',
  url: 'an address starting with https://, http://, mailto:, tel:, # or a merge tag',
  webUrl: 'an address starting with https:// or http://',
  imageUrl: 'an image address starting with https:// or http://, or a merge tag',
  fontStylesheetUrl: 'a stylesheet address starting with https://',
  fontFamily: 'font names separated by commas (letters, digits, spaces, quotes and hyphens)',
  id: 'letters, digits, _ and - only (at most 64)',
};

/** The words of a pattern issue for `rule`: what the field needs, after "must be". */
const explainRule = (rule: FieldRule | undefined): string => (rule && EXPLAINED[rule]) ?? 'in the form the design document allows';

/** What is wrong with `value` for the field called `label`, in English words, or null when the schema takes it. */
export function fieldProblem(label: string, rule: FieldRule, value: string | number): string | null {
  const issue = fieldIssue(rule, value);
  switch (issue?.kind) {
    case undefined:
      return null;
    case 'number':
      return `${label} must be a number`;
    case 'integer':
      return `${label} must be a whole number`;
    case 'range':
      return `${label} must be from ${issue.min} to ${issue.max}`;
    case 'length':
      return `${label} must be at most ${issue.max} characters`;
    case 'pattern':
      return `${label} must be ${explainRule(issue.rule)}`;
  }
}
