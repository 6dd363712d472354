import { type DefinitionName, fieldDefinition, type PhonePart, phoneDefinition, phoneProperties } from '@embed/design-document/model';
import { desktopValue } from '@embed/editor-core';
import type { PlainKey } from '../i18n';
import type { FieldSpec } from './property-fields';

// The fields of a row's or block's phone overrides: which there are, their rules and
// choices, from the document's definition (definition/devices.ts), as the panel shows them.

const LABELS: Record<string, PlainKey> = {
  padding: 'field.padding',
  fontSize: 'field.fontSize',
  lineHeight: 'field.lineHeight',
  textAlign: 'field.textAlign',
  align: 'field.align',
  width: 'field.width',
  fullWidth: 'field.fullWidth',
  height: 'field.height',
  reverseColumns: 'field.reverseColumns',
};

function kindOf(definition: FieldSpec['definition']): FieldSpec['kind'] {
  if (definition.enum) return 'select';
  if (definition.type === 'boolean') return 'checkbox';
  if (definition.type === 'number' || definition.type === 'integer') return 'number';
  return 'text';
}

/** The phone fields of a row or of a block of a type, each on the phone object's own key. */
export function phoneFieldSpecs(part: PhonePart): FieldSpec[] {
  const name = phoneDefinition(part) as DefinitionName;
  return phoneProperties(part).map((key) => {
    const definition = fieldDefinition(name, [key]);
    return {
      key,
      label: LABELS[key],
      kind: kindOf(definition),
      definition,
      options: definition.enum?.map(String),
      optionLabel: key === 'align' || key === 'textAlign' ? (value: string) => `option.align.${value}` as PlainKey : undefined,
      step: key === 'lineHeight' ? 0.1 : undefined,
      min: definition.minimum,
      max: definition.maximum,
      required: false,
    };
  });
}

/** A desktop field that a phone override replaces on `part`: on Phone, the panel shows the override instead. */
export const isOverridden = (part: PhonePart, field: FieldSpec) =>
  phoneProperties(part).includes(field.key) && [...(field.in ?? []), field.key].join('.') === (field.key === 'width' || field.key === 'height' ? field.key : `style.${field.key}`);

/** What the phone fields show: each override, else the desktop value it would replace. */
export const phoneValues = (holder: Parameters<typeof desktopValue>[0], part: PhonePart): Record<string, unknown> =>
  Object.fromEntries(phoneProperties(part).map((key) => [key, (holder.phone as Record<string, unknown> | undefined)?.[key] ?? desktopValue(holder, key)]));

/** Where a block is left out (phones or desktops), as the row's own field offers it. */
export function hideOnField(part: PhonePart): FieldSpec {
  const definition = fieldDefinition(part === 'row' ? 'row' : (`${part}Block` as DefinitionName), ['hideOn']);
  return {
    key: 'hideOn',
    label: 'field.hideOn',
    kind: 'select',
    definition,
    options: definition.enum?.map(String),
    optionLabel: (value: string) => `option.hideOn.${value}` as PlainKey,
    required: false,
  };
}
