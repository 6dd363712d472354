import fc from 'fast-check';
import { foreignMergeTags, likelyTag, mappableChoices, MAX_FOREIGN_TAGS } from './foreign-tags';

const choice = (tag: string, label: string) => ({ tag, label, group: null, sample: null });
const offered = [choice('{{contact.first_name}}', 'First name'), choice('{{unsubscribe_url}}', 'Unsubscribe link'), choice('{{plan}}', 'Plan')];

describe('foreignMergeTags', () => {
  it('finds each tool’s tags once, in their order, and leaves out the tags this editor offers', () => {
    const source = '{"text": "Hi *|FNAME|*, [first-name] {{first_name}} %%Company%% {{contact.first_name}} *|FNAME|*", "rows": [], "a": [true], "href": "[unsubscribe]"}';
    expect(foreignMergeTags(source, offered)).toEqual(['*|FNAME|*', '[first-name]', '{{first_name}}', '%%Company%%', '[unsubscribe]']);
  });

  it('lists at most MAX_FOREIGN_TAGS', () => {
    const source = Array.from({ length: 100 }, (_, n) => `[tag${n}]`).join(' ');
    expect(foreignMergeTags(source, offered)).toHaveLength(MAX_FOREIGN_TAGS);
  });

  it('reads any text in time linear in its length', () => {
    fc.assert(
      fc.property(fc.constantFrom('*|', '[a', '{{ a', '%%a', '|*', ']', '}}', 'x'), fc.integer({ min: 1, max: 20_000 }), (piece, times) => {
        const started = performance.now();
        foreignMergeTags(piece.repeat(times), offered);
        // A quadratic reading of 80,000 characters takes seconds; a loaded machine adds pauses.
        return performance.now() - started < 1_000;
      }),
      { numRuns: 40 },
    );
  });
});

describe('likelyTag', () => {
  it('maps unsubscribe tags to the unsubscribe link and names to the tag of that name or label', () => {
    const choices = mappableChoices(offered);
    expect(likelyTag('[unsubscribe]', choices)).toBe('{{unsubscribe_url}}');
    expect(likelyTag('*|UNSUB|*', choices)).toBe('{{unsubscribe_url}}');
    expect(likelyTag('[first-name]', choices)).toBe('{{contact.first_name}}');
    expect(likelyTag('{{first_name}}', choices)).toBe('{{contact.first_name}}');
    expect(likelyTag('%%Plan%%', choices)).toBe('{{plan}}');
    expect(likelyTag('*|FNAME|*', choices)).toBeNull();
  });
});
