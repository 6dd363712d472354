/**
 * Values of a pure function kept by key, up to `kept` keys, then all forgotten at once: a
 * design has a handful of colours, which its checks read and turn hundreds of times, and
 * a long-lived process (the renderer, the editor) sees an endless stream of designs.
 */
export class Remembered<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly kept: number) {}

  get(key: string, make: () => V): V {
    if (this.values.has(key)) return this.values.get(key) as V;
    if (this.values.size >= this.kept) this.values.clear();
    const value = make();
    this.values.set(key, value);
    return value;
  }
}
