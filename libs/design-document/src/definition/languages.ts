import { type TSchema, Type } from '@sinclair/typebox';
import { Closed, Tagged } from './kit';

// Languages: a design holds its default language's texts where they are, and for each other
// language it holds (`languages`), the translation of every text a person reads beside it
// (`translations`, by language). Layout and styles are shared; a text a translation leaves
// out shows in the default language.

export const LANGUAGE_TAG_PATTERN = '^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$';
const MAX_LANGUAGES = 20;

/** Translations of the holder's texts, by language tag. */
export const translations = (part: string) =>
  Type.Optional(
    Type.Record(Type.String({ pattern: LANGUAGE_TAG_PATTERN }), Type.Ref(part), {
      description: "The holder's texts in other languages of the design, by language tag; a text left out shows in the default language.",
      maxProperties: MAX_LANGUAGES,
      additionalProperties: false,
    }),
  );

const optionalText = (maxLength: number, minLength = 0) => Type.Optional(Type.String({ minLength, maxLength }));
/** Texts of a list (menu items, social labels, form fields, a select's choices), by their place in it. */
const byPlace = (item: TSchema, maxItems: number) => Type.Optional(Type.Array(item, { description: 'By place in the list; a place left out or past the end shows in the default language.', maxItems }));

export const LANGUAGES = {
  languageTag: Type.String({ description: 'A BCP 47 language tag.', pattern: LANGUAGE_TAG_PATTERN }),
  languages: Type.Array(Type.Ref('languageTag'), {
    description: 'The languages the design is translated into, besides its default `language`.',
    maxItems: MAX_LANGUAGES,
    uniqueItems: true,
  }),
  textTranslation: Closed({ content: Type.Optional(Type.Array(Tagged('type', [Type.Ref('paragraph'), Type.Ref('list')]), { maxItems: 200 })) }),
  headingTranslation: Closed({ content: Type.Optional(Type.Ref('inlines')) }),
  altTranslation: Closed({ alt: Type.Optional(Type.Ref('shortText')) }),
  buttonTranslation: Closed({ text: optionalText(200, 1) }),
  menuTranslation: Closed({ items: byPlace(Type.String({ minLength: 1, maxLength: 100 }), 12) }),
  socialTranslation: Closed({ labels: byPlace(Type.String({ maxLength: 100 }), 12) }),
  htmlTranslation: Closed({ html: optionalText(100000) }),
  formTranslation: Closed({
    submitText: optionalText(100, 1),
    successMessage: optionalText(500),
    fields: byPlace(
      Closed({
        label: optionalText(200, 1),
        placeholder: optionalText(200),
        options: byPlace(Type.String({ maxLength: 200, description: 'A choice\'s words; empty, it shows in the default language.' }), 50),
      }),
      20,
    ),
  }),
  emailSettingsTranslation: Closed({ subject: optionalText(255), preheader: optionalText(255) }),
  pageSettingsTranslation: Closed({ title: optionalText(200, 1), description: optionalText(500) }),
  popupSettingsTranslation: Closed({ label: optionalText(200, 1) }),
  documentSettingsTranslation: Closed({ title: optionalText(200) }),
};
