import type { DesignDocument } from '@embed/design-document/model';
import fc from 'fast-check';
import { groupMergeTags, type MergeTagChoice, mergeTagChoices, searchMergeTags, withSamples } from './merge-tags';

const builtIn: MergeTagChoice[] = [{ tag: '{{contact.first_name}}', label: 'First name', group: null, sample: null }];

describe('merge tag choices', () => {
  it('takes the integrator’s tags, braced or not, the built-in ones after them in their own group, and the built-in ones alone without them', () => {
    const { choices, problems } = mergeTagChoices(
      [
        { tag: '{{contact.plan}}', label: 'Plan', sample: 'Gold', group: 'Account' },
        { tag: 'order.total', label: ' Order total ', group: 'Order' },
      ],
      builtIn,
      'Standard',
    );
    expect(problems).toEqual([]);
    expect(choices).toEqual([
      { tag: '{{contact.plan}}', label: 'Plan', group: 'Account', sample: 'Gold' },
      { tag: '{{order.total}}', label: 'Order total', group: 'Order', sample: null },
      { tag: '{{contact.first_name}}', label: 'First name', group: 'Standard', sample: null },
    ]);
    expect(mergeTagChoices(undefined, builtIn, 'Standard')).toEqual({ choices: builtIn, problems: [] });
    expect(mergeTagChoices([{ tag: 'x', label: '' }], builtIn, 'Standard').choices).toEqual(builtIn);
  });

  it('lets the integrator’s entry for a built-in tag replace it', () => {
    const { choices } = mergeTagChoices([{ tag: 'contact.first_name', label: 'Given name', sample: 'Ada' }], builtIn, 'Standard');
    expect(choices).toEqual([{ tag: '{{contact.first_name}}', label: 'Given name', group: null, sample: 'Ada' }]);
  });

  it('leaves out what the grammar or the shape refuses, naming the entry and why', () => {
    const { choices, problems } = mergeTagChoices(
      [{ tag: '{{a}} and {{b}}', label: 'Two' }, { tag: '{{x}}', label: '' }, { tag: '{{y}}', label: 'Y', sample: 3 }, { tag: 'y', label: 'Again' }, null, { tag: '{{y}}', label: 'Twice' }],
      [],
      'Standard',
    );
    expect(choices.map((choice) => choice.tag)).toEqual(['{{y}}']);
    expect(problems).toEqual([
      'mergeTags[0].tag must be one merge tag, {{name}} with 1 to 200 characters and no braces inside',
      'mergeTags[1].label must be a text of 1 to 80 characters',
      'mergeTags[2].sample must be a text of at most 500 characters',
      'mergeTags[4].tag must be one merge tag, {{name}} with 1 to 200 characters and no braces inside',
      'mergeTags[5].tag {{y}} is given twice; the first is kept',
    ]);
    expect(mergeTagChoices('no', builtIn, 'Standard').problems).toEqual(['mergeTags must be an array of {tag, label, sample?, group?}']);
  });

  it('searches labels, tags and groups by every word, accents and case aside, and groups in order', () => {
    const choices = mergeTagChoices(
      [
        { tag: 'contact.city', label: 'Ville', group: 'Adresse' },
        { tag: 'order.total', label: 'Total de la commande', group: 'Commande' },
        { tag: 'contact.zip', label: 'Code postal', group: 'Adresse' },
      ],
      [],
      'Standard',
    ).choices;
    expect(searchMergeTags(choices, 'ADRÈSSE code').map((choice) => choice.tag)).toEqual(['{{contact.zip}}']);
    expect(searchMergeTags(choices, 'order').map((choice) => choice.label)).toEqual(['Total de la commande']);
    expect(groupMergeTags(choices).map(({ group, choices: members }) => [group, members.length])).toEqual([
      ['Adresse', 2],
      ['Commande', 1],
    ]);
  });

  it('fills samples in every text and address, and leaves any other text as it was', () => {
    const doc = { settings: { subject: 'Hi {{contact.plan}} {{other}}' }, body: { rows: [{ href: '{{contact.plan}}/x' }] } } as unknown as DesignDocument;
    const choices = mergeTagChoices([{ tag: 'contact.plan', label: 'Plan', sample: 'Gold' }], [], 'Standard').choices;
    expect(withSamples(doc, choices)).toEqual({ settings: { subject: 'Hi Gold {{other}}' }, body: { rows: [{ href: 'Gold/x' }] } });
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        const filled = withSamples({ settings: { subject: value } } as unknown as DesignDocument, choices) as unknown as { settings: { subject: string } };
        return value.includes('{{contact.plan}}') ? !filled.settings.subject.includes('{{contact.plan}}') : filled.settings.subject === value;
      }),
    );
  });
});
