import fc from 'fast-check';
import { validateDesign } from '@embed/design-document';
import { render } from './render';
import { design, MODES } from './testing/arbitrary-design';
import { overriddenCount, withDeviceStyles } from './testing/arbitrary-devices';
import { htmlProblems } from './testing/audit-html';

// Random designs with random phone overrides and hiding: valid by the schema, safe HTML,
// and one phone class per overridden row or block, each used in the body and ruled in the
// narrow screens' media query only.

const PHONE_MEDIA = { email: '@media only screen and (max-width:479px){.ed-ph', web: '@media (max-width:639px){.ed-ph' };

describe('phone overrides over random designs', () => {
  it.each(MODES)('%s: every override gets its class and rules, inside the phone media query', (mode) => {
    fc.assert(
      fc.property(design(mode).chain(withDeviceStyles), (doc) => {
        const validation = validateDesign(doc);
        expect(validation.valid ? [] : validation.errors).toEqual([]);
        const { html } = render(doc);
        expect(htmlProblems(html)).toEqual([]);
        const head = html.slice(0, html.indexOf('</head>'));
        const body = html.slice(html.indexOf('</head>'));
        const ruled = new Set(head.match(/\.ed-ph\d+/g)?.map((name) => name.slice(1)));
        const used = new Set(body.match(/\bed-ph\d+\b/g));
        // A row may name only an empty override (`reverseColumns: false`): no class then.
        expect(used.size).toBeLessThanOrEqual(overriddenCount(doc));
        expect([...used].sort()).toEqual([...ruled].sort());
        if (used.size > 0) expect(head).toContain(PHONE_MEDIA[mode === 'email' ? 'email' : 'web']);
        expect(head.split('.ed-ph').length - 1).toBeGreaterThanOrEqual(used.size);
      }),
      { numRuns: 25 },
    );
  });
});
