// Which cells of an HTML email stack on a phone: a mail tool's <style> makes them blocks
// under a media query (`@media (max-width: 480px) { .col { display: block !important } }`);
// without one, a table's cells stay side by side on any screen.

/**
 * The classes that a rule inside an @media block sets to `display: block`. Read by
 * splitting at braces, never by a pattern that could backtrack: linear in the CSS.
 */
export function stackingClasses(css: string): Set<string> {
  const classes = new Set<string>();
  let depth = 0;
  let mediaDepth = -1;
  let start = 0;
  let selector = '';
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === '{') {
      selector = css.slice(start, at);
      if (mediaDepth < 0 && /^\s*@media\b/i.test(selector)) mediaDepth = depth;
      depth++;
      start = at + 1;
    } else if (char === '}') {
      const declarations = css.slice(start, at);
      if (mediaDepth >= 0 && depth > mediaDepth + 1 && /(?:^|;)\s*display\s*:\s*block\b/i.test(declarations))
        for (const name of selector.matchAll(/\.([A-Za-z_][\w-]{0,99})/g)) classes.add(name[1]);
      depth = Math.max(0, depth - 1);
      if (depth <= mediaDepth) mediaDepth = -1;
      selector = '';
      start = at + 1;
    }
  }
  return classes;
}

/** Whether an element's `class` names one of the classes. */
export const hasClassOf = (classAttribute: string | undefined, classes: Set<string>) =>
  classes.size > 0 && (classAttribute ?? '').split(/\s+/).some((name) => classes.has(name));
