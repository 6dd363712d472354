import { Remembered } from './remembered';

describe('Remembered', () => {
  it('makes each key’s value once, undefined included, and gives it back after', () => {
    const remembered = new Remembered<string | undefined>(10);
    const made: string[] = [];
    const make = (key: string) => () => (made.push(key), key === 'none' ? undefined : key.toUpperCase());
    expect([remembered.get('a', make('a')), remembered.get('none', make('none')), remembered.get('a', make('a')), remembered.get('none', make('none'))]).toEqual(['A', undefined, 'A', undefined]);
    expect(made).toEqual(['a', 'none']);
  });

  it('keeps at most its limit of keys: past it, it forgets them all and makes them again', () => {
    const remembered = new Remembered<number>(2);
    let makes = 0;
    const get = (key: string) => remembered.get(key, () => ++makes);
    get('a');
    get('b');
    get('c');
    expect(makes).toBe(3);
    get('a');
    expect(makes).toBe(4);
  });
});
