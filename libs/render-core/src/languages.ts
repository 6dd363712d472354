import { DEFAULT_LANGUAGE, type DesignDocument, inLanguage, servingLanguage } from '@embed/design-document';
import type { Warnings } from './warnings';

// A render in one of the design's languages: the fallbacks taken are the render's warnings,
// in words an integrator can act on.

/** How many places a warning names before it counts the rest. */
const NAMED = 20;

/** The design as `requested` reads it, each fallback taken told in `warnings`. */
export function readIn(document: DesignDocument, requested: string, warnings: Warnings): DesignDocument {
  const base = document.language ?? DEFAULT_LANGUAGE;
  const serving = servingLanguage(document, requested);
  if (serving === null) warnings.add(`The design has no ${requested} translation: it is rendered in ${base}, its default language.`);
  else if (serving.toLowerCase() !== requested.toLowerCase()) warnings.add(`The design has no ${requested} translation: it is rendered in ${serving}, the closest language it has.`);
  const { doc, untranslated } = inLanguage(document, serving ?? base);
  if (untranslated.length > 0) {
    const named = untranslated.slice(0, NAMED).map(({ place, text }) => `${place} (${text})`);
    const more = untranslated.length > NAMED ? ` and ${untranslated.length - NAMED} more` : '';
    const texts = untranslated.length === 1 ? '1 text has' : `${untranslated.length} texts have`;
    warnings.add(`${texts} no ${serving} translation and show in ${base}: ${named.join('; ')}${more}.`);
  }
  return doc;
}
