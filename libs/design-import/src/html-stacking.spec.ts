import { withinTime } from '@embed/render-core/testing';
import fc from 'fast-check';
import { hasClassOf, stackingClasses } from './html-stacking';

describe('stackingClasses', () => {
  it('names the classes a media query sets to display: block, and no others', () => {
    const css = `.col{display:block} @media only screen and (max-width: 480px) { .col, td.stack { display: block !important; width: 100% !important } .wide { width: 100% } } .after{display:block}`;
    expect([...stackingClasses(css)].sort()).toEqual(['col', 'stack']);
    expect(stackingClasses('@media screen { .a { display:blocky } }').size).toBe(0);
    expect(hasClassOf('x col', new Set(['col']))).toBe(true);
    expect(hasClassOf(undefined, new Set(['col']))).toBe(false);
  });

  it('never throws and stays linear on hostile CSS', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('{', '}', '.a', '@media', 'display:block', ';', ' ') , maxLength: 400 }), (css) => { stackingClasses(css); }));
    const hostile = `@media x{${'.a'.repeat(50_000)}${'{'.repeat(50_000)}display:block${'}'.repeat(50_000)}`;
    withinTime('stackingClasses', 500, () => stackingClasses(hostile));
  });
});
