// A design's web fonts are stylesheets at any https address. Linked into the editor's
// document, such a stylesheet could restyle or hide the editor's own controls. So the
// canvas takes only `@font-face` rules from it, of the families the design declares, and
// the stylesheet itself is read where its rules reach nothing (loadFontFaces).

/** A family name as CSS compares it: without its quotes, case-insensitively. */
export function familyKey(family: string): string {
  const trimmed = family.trim();
  const quoted = trimmed.length >= 2 && (trimmed[0] === '"' || trimmed[0] === "'") && trimmed.at(-1) === trimmed[0];
  return (quoted ? trimmed.slice(1, -1) : trimmed).toLowerCase();
}

/** What the canvas reads of one rule of a stylesheet: a font face's family and text, or nothing for any other rule. */
export interface RuleSeen {
  fontFamily: string | null;
  cssText: string;
}

/** The text of the `@font-face` rules among `rules` whose family the design declares; every other rule is dropped. */
export function fontFaceRules(rules: RuleSeen[], families: string[]): string[] {
  const declared = new Set(families.map(familyKey));
  return rules.filter((rule) => rule.fontFamily !== null && declared.has(familyKey(rule.fontFamily))).map((rule) => rule.cssText);
}

/** A stylesheet's rules as the canvas reads them; none when it cannot be read (served without CORS: its fonts are not shown). */
function rulesOf(sheet: CSSStyleSheet | null): RuleSeen[] {
  try {
    return [...(sheet?.cssRules ?? [])].map((rule) => ({ fontFamily: rule instanceof CSSFontFaceRule ? rule.style.getPropertyValue('font-family') : null, cssText: rule.cssText }));
  } catch {
    return [];
  }
}

/**
 * Loads the design's font stylesheets and gives the editor's document only their font
 * faces (fontFaceRules). Each stylesheet is loaded in a shadow root, whose rules reach
 * nothing outside it, under an element that is not drawn (its host's own rules cannot
 * undo its parent's `display: none`). Returns what undoes it all.
 */
export function loadFontFaces(fonts: { family: string; url: string }[]): () => void {
  const families = fonts.map((font) => font.family);
  const adopted: CSSStyleSheet[] = [];
  let stopped = false;
  const hidden = document.createElement('div');
  hidden.style.setProperty('display', 'none', 'important');
  const host = hidden.appendChild(document.createElement('div'));
  const root = host.attachShadow({ mode: 'closed' });
  for (const font of fonts.filter((each) => each.url.startsWith('https://'))) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = 'anonymous';
    link.href = font.url;
    link.addEventListener('load', () => {
      const faces = fontFaceRules(rulesOf(link.sheet), families);
      if (stopped || faces.length === 0) return;
      const sheet = new CSSStyleSheet({ baseURL: font.url });
      sheet.replaceSync(faces.join('\n'));
      adopted.push(sheet);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    root.append(link);
  }
  document.body.append(hidden);
  return () => {
    stopped = true;
    hidden.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => !adopted.includes(sheet));
  };
}
