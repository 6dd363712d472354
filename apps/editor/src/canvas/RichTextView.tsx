import type { Inline } from '@embed/design-document/model';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { showViews } from '../rich-text/dom-runs';
import { runsView, textContentView } from '../rich-text/runs-view';
import type { TextContent } from '../rich-text/tree';

/** A text or heading shown, not edited (read-only mode): the same runs as the editor writes, with nothing editable. */
export function RichTextView({ kind, value, style }: { kind: 'text' | 'heading'; value: TextContent | Inline[]; style?: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) showViews(ref.current, kind === 'text' ? textContentView(value as TextContent) : runsView(value as Inline[]));
  }, [value]);
  return <div ref={ref} class={`rich-text rich-text-${kind}`} style={style} />;
}
