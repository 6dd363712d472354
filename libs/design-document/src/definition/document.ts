import { type Static, Type } from '@sinclair/typebox';
import { BLOCKS } from './blocks';
import { CONTENT } from './content';
import { DEVICES } from './devices';
import { LANGUAGE_TAG_PATTERN, LANGUAGES } from './languages';
import { Closed } from './kit';
import { LAYOUT } from './layout';
import { SCALARS } from './scalars';
import { SETTINGS } from './settings';

// Version 1 of the design document: the one definition its JSON Schema
// (docs/design-document.schema.json), its TypeScript types, the server's validator, the
// editor's checks and field bounds all come from.

const design = <M extends string, S extends keyof typeof SETTINGS>(mode: M, settings: S) =>
  Closed({
    schemaVersion: Type.Literal(1),
    mode: Type.Literal(mode),
    id: Type.Optional(Type.Ref('id')),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    language: Type.Optional(Type.String({ description: 'BCP 47 language of the content (the default language of a design in several); en when left out.', pattern: LANGUAGE_TAG_PATTERN })),
    languages: Type.Optional(Type.Ref('languages')),
    settings: Type.Ref(settings),
    body: Type.Ref('body'),
  });

const DEFINITIONS = {
  ...SCALARS,
  ...CONTENT,
  ...BLOCKS,
  ...DEVICES,
  ...LANGUAGES,
  ...LAYOUT,
  ...SETTINGS,
  designDocument: Type.Union([design('email', 'emailSettings'), design('page', 'pageSettings'), design('popup', 'popupSettings'), design('document', 'documentSettings')], {
    type: 'object',
    required: ['schemaVersion', 'mode'],
    properties: {
      schemaVersion: { description: 'The version of this schema the document follows.', const: 1 },
      mode: { description: 'The kind of design; a project makes one mode.', type: 'string' },
    },
    discriminator: { propertyName: 'mode' },
  }),
};

export const DesignModule = Type.Module(DEFINITIONS);

/** The names of the document's parts, as the schema's $defs names them. */
export type DefinitionName = keyof typeof DEFINITIONS;

/** The TypeBox schema of one named part, references resolved through the module. */
export const definition = <K extends DefinitionName>(name: K) => DesignModule.Import(name);

/** The TypeScript type of one named part. */
export type Definition<K extends DefinitionName> = Static<ReturnType<typeof definition<K>>>;

/** The whole document, as the validators check it. */
export const DesignDocumentSchema = definition('designDocument');
