import fc from 'fast-check';
import type { Block, DesignDocument } from '@embed/design-document';

// A random design made bilingual: each text a person reads is translated into `fr` or not
// (at random), each translation a marker of its own beside a merge tag, so that a test can
// find every translated text in the output and count those left to the default language.

export const SECOND_LANGUAGE = 'fr';
const marker = (n: number) => `Fr${n}x {{contact.a}}`;

type Translation = Record<string, unknown>;

/** The block's translation, from one coin per text it has; `next` numbers the markers. */
function translate(block: Block, coins: () => boolean, next: () => number): Translation | undefined {
  const one = (): string | undefined => (coins() ? marker(next()) : undefined);
  switch (block.type) {
    case 'text': {
      const text = one();
      return text === undefined ? {} : { content: [{ type: 'paragraph', content: [{ text }] }] };
    }
    case 'heading': {
      const text = one();
      return text === undefined ? {} : { content: [{ text }] };
    }
    case 'image':
    case 'video':
      return block.alt ? { alt: one() } : undefined;
    case 'button':
      return { text: one() };
    case 'menu':
      // A list is translated whole or not at all (a place left empty would not be valid).
      return coins() ? { items: block.items.map(() => marker(next())) } : undefined;
    case 'html':
      return { html: one() };
    case 'form':
      return {
        submitText: one(),
        successMessage: block.successMessage ? one() : undefined,
        // Each field's texts and each choice, translated or not (an empty choice shows in the default language).
        fields: block.fields.map((field) => clean({ label: one(), placeholder: field.placeholder ? one() : undefined, options: field.options?.map(() => one() ?? '') })),
      };
    default:
      return undefined;
  }
}

/** A select field each random form gains, so that its choices are translated (or not) too. */
const CHOICE = { name: 'level', label: 'Level {{contact.a}}', kind: 'select' as const, options: [{ value: 'a', label: 'Alpha {{contact.a}}' }, { value: 'b', label: 'Beta' }] };

const clean = (object: Translation) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

/** The design in its default language and `fr`, and the markers of the texts translated. */
export function bilingual(doc: DesignDocument): fc.Arbitrary<{ doc: DesignDocument; markers: string[] }> {
  return fc.infiniteStream(fc.boolean()).map((stream) => {
    const iterator = stream[Symbol.iterator]();
    const coins = () => iterator.next().value as boolean;
    const markers: string[] = [];
    const next = () => {
      markers.push(marker(markers.length).replace(' {{contact.a}}', ''));
      return markers.length - 1;
    };
    const rows = doc.body.rows.map((row) => ({
      ...row,
      columns: row.columns.map((column) => ({
        ...column,
        blocks: column.blocks.map((written) => {
          const block = written.type === 'form' ? { ...written, fields: [...written.fields, CHOICE] } : written;
          const translation = translate(block, coins, next);
          return translation ? ({ ...block, translations: { [SECOND_LANGUAGE]: clean(translation) } } as Block) : block;
        }),
      })),
    }));
    return { doc: { ...doc, languages: [SECOND_LANGUAGE], body: { ...doc.body, rows } } as DesignDocument, markers };
  });
}
