import { fieldIssue } from './field-rules';
import { isLinkScheme, LINK_SCHEMES, schemeOf } from './links';
import { leadingTag, tagsIn } from './merge-tags';

const addressTaken = (address: string) => fieldIssue('url', address) === null;

describe('one rule for links and merge tags', () => {
  it('takes in the schema an address of every link scheme, and of no other', () => {
    const examples: Record<string, string> = { http: 'http://a.example/', https: 'https://a.example/', mailto: 'mailto:ada@a.example', tel: 'tel:+33123' };
    expect(Object.keys(examples).sort()).toEqual([...LINK_SCHEMES].sort());
    for (const address of Object.values(examples)) {
      expect(addressTaken(address)).toBe(true);
      expect(isLinkScheme(schemeOf(address) as string)).toBe(true);
    }
    for (const address of ['javascript:alert(1)', 'ftp://a.example/', 'data:text/html,x']) {
      expect(addressTaken(address)).toBe(false);
      expect(isLinkScheme(schemeOf(address) as string)).toBe(false);
    }
  });

  it('lets an address start with exactly the merge tags the renderer fills', () => {
    for (const inner of ['unsubscribe_url', ' contact.first_name ', 'x'.repeat(200)]) {
      const address = `{{${inner}}}?a=1`;
      expect(leadingTag(address)).toEqual({ tag: `{{${inner}}}`, inner });
      expect(tagsIn(address)).toHaveLength(1);
      expect(addressTaken(address)).toBe(true);
    }
    const tooLong = `{{${'x'.repeat(201)}}}`;
    expect(leadingTag(tooLong)).toBeUndefined();
    expect(tagsIn(tooLong)).toEqual([]);
    expect(addressTaken(tooLong)).toBe(false);
  });
});
