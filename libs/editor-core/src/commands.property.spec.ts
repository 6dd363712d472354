import fc from 'fast-check';
import { BLOCK_TYPES, DESIGN_MODES, validateDesign } from '@embed/design-document';
import { applyCommand, type Command } from './commands';
import { newBlock, newRow } from './new-blocks';
import { CommandError } from './paths';
import { exampleDesign as example } from './testing/designs';

// Random edits, in range and out of it: whatever the editor's commands reach, the server takes.

const index = fc.integer({ min: -1, max: 6 });
const at = fc.record({ row: index, column: fc.integer({ min: 0, max: 4 }), block: index });
const number = fc.oneof(fc.integer({ min: -5, max: 2500 }), fc.constantFrom(0.5, 1.4, 1200, 1201, 400, 401));
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', 'x'.repeat(600), '{{ contact.first_name }}', 'a\u0000b'));
const address = fc.constantFrom('', 'https://example.com/a', 'javascript:alert(1)', '{{unsubscribe_url}}', 'mailto:a@b.example', '#top', 'ftp://x');
const colour = fc.constantFrom('#abc', 'red', 'transparent', '#1a2b3c80');
const style = fc.record(
  { fontSize: number, padding: fc.constantFrom('10px', '10', '1px 2px 3px 4px'), color: colour, borderRadius: number, thickness: number, width: number, iconSize: number, align: fc.constantFrom('left', 'middle'), contentWidth: number },
  { requiredKeys: [] },
);
const patch = fc.record(
  { width: number, height: number, level: number, src: address, href: address, alt: text, text, html: text, url: address, style: fc.oneof(style, fc.constant(undefined)), ratio: number, hideOn: fc.constantFrom('mobile', 'tablet'), subject: text, title: text, label: text },
  { requiredKeys: [] },
);
const runs = fc.array(fc.record({ text, bold: fc.constant(true), href: address }, { requiredKeys: ['text'] }), { maxLength: 3 });

const point = fc.record({ line: fc.integer({ min: -1, max: 2 }), offset: fc.integer({ min: -1, max: 8 }) });
const textRange = fc.record({ from: point, to: point });

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('insertBlock' as const), at, block: fc.constantFrom(...BLOCK_TYPES).map(newBlock) }),
  fc.record({ type: fc.constant('removeBlock' as const), at }),
  fc.record({ type: fc.constant('moveBlock' as const), from: at, to: at }),
  fc.record({ type: fc.constant('patchBlock' as const), at, patch }),
  fc.record({ type: fc.constant('setRichText' as const), at, content: fc.oneof(runs, runs.map((content) => [{ type: 'paragraph' as const, content }])) }),
  fc.record({
    type: fc.constant('editText' as const),
    at,
    edit: fc.oneof(
      fc.record({ kind: fc.constant('mark' as const), range: textRange, mark: fc.constant('bold' as const), value: fc.boolean() }),
      fc.record({ kind: fc.constant('link' as const), range: textRange, href: fc.option(address, { nil: undefined }) }),
      fc.record({ kind: fc.constant('insert' as const), range: textRange, content: runs.map((content) => [{ type: 'paragraph' as const, content }]) }),
      fc.record({ kind: fc.constant('list' as const), range: textRange, ordered: fc.boolean() }),
    ),
  }),
  fc.record({ type: fc.constant('insertRow' as const), index, row: fc.integer({ min: 0, max: 5 }).map(newRow) }),
  fc.record({ type: fc.constant('removeRow' as const), index }),
  fc.record({ type: fc.constant('moveRow' as const), from: index, to: index }),
  fc.record({ type: fc.constant('patchRow' as const), index, patch }),
  fc.record({ type: fc.constant('setColumnRatios' as const), row: index, ratios: fc.array(fc.option(number, { nil: undefined }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ type: fc.constant('patchColumn' as const), row: index, column: fc.integer({ min: 0, max: 4 }), patch }),
  fc.record({ type: fc.constant('patchBodyStyle' as const), patch: style }),
  fc.record({
    type: fc.constant('setPhoneStyle' as const),
    target: fc.oneof(fc.record({ kind: fc.constant('block' as const), path: at }), fc.record({ kind: fc.constant('row' as const), row: index })),
    key: fc.constantFrom('padding', 'fontSize', 'width', 'fullWidth', 'reverseColumns', 'color', 'height', 'textAlign'),
    value: fc.oneof(number, fc.constantFrom(undefined, true, '12px', 'center', 'red')),
  }),
  fc.record({ type: fc.constant('patchSettings' as const), patch }),
  fc.record({ type: fc.constant('rename' as const), name: fc.option(text, { nil: undefined }) }),
);

describe('every document the commands reach', () => {
  it.each(DESIGN_MODES)('is one the server takes (%s), a refused command leaving the design as it was', (mode) => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), (commands) => {
        let doc = example(mode);
        for (const next of commands) {
          const before = doc;
          try {
            doc = applyCommand(doc, next).doc;
          } catch (error) {
            if (!(error instanceof CommandError)) throw error;
            expect(doc).toBe(before);
            continue;
          }
          const validation = validateDesign(doc);
          expect(validation.valid ? [] : validation.errors).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
