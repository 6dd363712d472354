import fc from 'fast-check';
import { type Block, type DesignDocument, inLanguage, validateDesign } from '@embed/design-document';
import { render } from './render';
import { design, MODES } from './testing/arbitrary-design';
import { bilingual, SECOND_LANGUAGE } from './testing/arbitrary-languages';

// Random designs, each text translated or not at random: the translations survive a save
// and a load, every translated text is in the render in that language with its merge tag
// filled, and every text left untranslated shows in the default language, never missing.

const MERGE = { contact: { a: 'Ada' } };

/** The text an untranslated place names, in a design read in some language. */
function textAt(doc: DesignDocument, place: string, text: string): unknown {
  if (place === 'the settings') return (doc.settings as Record<string, unknown>)[text];
  const band = /^the (header|footer), block (\d+)$/.exec(place);
  const cell = /^row (\d+), column (\d+), block (\d+)$/.exec(place);
  const block: Block = band
    ? (doc.settings as unknown as Record<string, { blocks: Block[] }>)[band[1]].blocks[Number(band[2]) - 1]
    : doc.body.rows[Number(cell![1]) - 1].columns[Number(cell![2]) - 1].blocks[Number(cell![3]) - 1];
  const listed = /^(items|labels|fields)\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?$/.exec(text);
  if (!listed) return (block as Record<string, unknown>)[text];
  const index = Number(listed[2]);
  if (listed[1] === 'items' && block.type === 'menu') return block.items[index].text;
  if (listed[1] === 'labels' && block.type === 'social') return block.links[index].label;
  if (listed[1] === 'fields' && block.type === 'form' && listed[4] !== undefined) return block.fields[index].options?.[Number(listed[4])].label;
  if (listed[1] === 'fields' && block.type === 'form') return block.fields[index][listed[3] as 'label' | 'placeholder'];
  throw new Error(`no ${text} at ${place}`);
}

const untranslatedOnly = (doc: DesignDocument): DesignDocument => JSON.parse(JSON.stringify(doc, (key, value) => (key === 'translations' ? undefined : value)));

describe('designs in two languages', () => {
  it.each(MODES)('%s: translations round-trip through save and load, and read back the same', (mode) => {
    fc.assert(
      fc.property(design(mode).chain(bilingual), ({ doc }) => {
        const validation = validateDesign(doc);
        expect(validation.valid ? [] : validation.errors).toEqual([]);
        const loaded = JSON.parse(JSON.stringify(doc));
        expect(loaded).toEqual(doc);
        expect(inLanguage(loaded, SECOND_LANGUAGE)).toEqual(inLanguage(doc, SECOND_LANGUAGE));
      }),
      { numRuns: 25 },
    );
  });

  it.each(MODES)('%s: every translated text renders with its merge tag filled; every untranslated one falls back, never disappears', (mode) => {
    fc.assert(
      fc.property(design(mode).chain(bilingual), ({ doc, markers }) => {
        const rendered = render(doc, { language: SECOND_LANGUAGE, merge: MERGE });
        expect(rendered.html).toMatch(new RegExp(`<html[^>]* lang="${SECOND_LANGUAGE}"`));
        for (const marker of markers) expect(rendered.html).toContain(`${marker} Ada`);

        const { doc: read, untranslated } = inLanguage(doc, SECOND_LANGUAGE);
        const everything = inLanguage(untranslatedOnly(doc), SECOND_LANGUAGE).untranslated;
        expect(untranslated.length).toBe(everything.length - markers.length);
        for (const { place, text } of untranslated) {
          const written = textAt(doc, place, text);
          expect(written).toBeDefined();
          expect(textAt(read, place, text)).toEqual(written);
        }
        const fallback = rendered.warnings.find((warning) => warning.includes(`no ${SECOND_LANGUAGE} translation and show in en`));
        expect(fallback !== undefined).toBe(untranslated.length > 0);
        // The default language renders as the design is written, translations or not.
        expect(render(doc, { merge: MERGE }).html).toBe(render(untranslatedOnly({ ...doc, languages: undefined } as DesignDocument), { merge: MERGE }).html);
      }),
      { numRuns: 25 },
    );
  });
});
