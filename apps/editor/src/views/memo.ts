import { Component, type FunctionComponent, h } from 'preact';

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * The component, rendered again only when a prop changed (compared by identity): the
 * document is replaced piece by piece, so an unchanged row or block is the same object
 * and its view is skipped. (preact/compat's memo does this too, with all of compat.)
 */
export function memo<P extends object>(inner: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !shallowEqual(this.props as Record<string, unknown>, next as Record<string, unknown>);
    }
    override render(props: P) {
      return h(inner, props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
