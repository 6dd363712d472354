import type { Inline } from '@embed/design-document/model';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { mergeTagElement, showViews } from '../rich-text/dom-runs';
import { readRuns, readTextContent, sameRichText } from '../rich-text/read-runs';
import { runsView, textContentView } from '../rich-text/runs-view';
import type { TextContent } from '../rich-text/tree';

type Props =
  | { kind: 'text'; value: TextContent; onChange: (value: TextContent) => void; label: string; focusToken?: number; style?: Record<string, string> }
  | { kind: 'heading'; value: Inline[]; onChange: (value: Inline[]) => void; label: string; focusToken?: number; style?: Record<string, string> };

type Content = Props['value'];

const read = (kind: Props['kind'], element: HTMLElement): Content => (kind === 'text' ? readTextContent(element) : readRuns(element));
const views = (kind: Props['kind'], value: Content) => (kind === 'text' ? textContentView(value as TextContent) : runsView(value as Inline[]));

/** Runs a formatting command of the browser on the selection; the input event then reads the result back as runs. */
export function format(command: 'bold' | 'italic' | 'underline' | 'strikeThrough' | 'insertUnorderedList' | 'insertOrderedList' | 'unlink', value?: string): void {
  document.execCommand(command, false, value);
}

const editableOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>('.rich-text');

// The caret's last place in a text: a menu, a field or a dialog of the toolbar takes the
// focus (and the browser's selection) away before the person picks what to apply.
let lastTextRange: Range | null = null;
function rememberTextRange(): void {
  const selection = window.getSelection();
  if (selection?.rangeCount && editableOf(selection.getRangeAt(0).startContainer)) lastTextRange = selection.getRangeAt(0).cloneRange();
}
// selectionchange comes as a task of its own, which a busy page may run only after the
// click that takes the focus to the toolbar: the keys and the pointer that move the
// selection in a text record it at once too (RichTextEditor's onKeyUp, onPointerUp).
document.addEventListener('selectionchange', rememberTextRange);

/** Gives the focus back to the text last edited, with its caret or selection where it was; false when there is none. */
export function returnToText(): boolean {
  const range = lastTextRange;
  const editable = range && editableOf(range.startContainer);
  if (!range || !editable?.isConnected) return false;
  editable.focus();
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return true;
}

/** Applies a command that needs the text's selection back first (a link, a colour). */
function onLastText(command: 'createLink' | 'foreColor' | 'unlink', value?: string): void {
  if (returnToText()) document.execCommand(command, false, value);
}

export const formatLink = (href: string) => onLastText('createLink', href);
export const removeLink = () => onLastText('unlink');
export const formatColor = (color: string) => onLastText('foreColor', color);

/** The address of the link at the text's caret, if it is in one. */
export function linkAtCaret(): string | null {
  const node = lastTextRange?.startContainer;
  const link = node && (node instanceof Element ? node : node.parentElement)?.closest('a');
  return link && editableOf(link) ? (link.getAttribute('href') ?? '') : null;
}

/** Puts a merge tag at the text's caret as one unit. */
export function insertMergeTag(tag: string): void {
  if (!returnToText()) return;
  const range = lastTextRange as Range;
  const editable = editableOf(range.startContainer) as HTMLElement;
  range.deleteContents();
  const chip = mergeTagElement(tag);
  range.insertNode(chip);
  range.setStartAfter(chip);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  editable.dispatchEvent(new InputEvent('input', { bubbles: true }));
}

/**
 * A contenteditable element whose content is the block's runs. It is written from the
 * runs only when they differ from what it shows (an undo, another view's change), so
 * the caret stays put while the person types. What it shows is read back after every
 * input; the rest of the editor hears of it after the frame is painted.
 */
export function RichTextEditor(props: Props) {
  const ref = useRef<HTMLDivElement>(null);
  /** The content both the element and the document hold, as far as this view knows. */
  const shown = useRef<Content | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || props.value === shown.current) return;
    if (shown.current === null || !sameRichText(read(props.kind, element), props.value)) showViews(element, views(props.kind, props.value));
    shown.current = props.value;
  }, [props.value]);

  useEffect(() => {
    if (props.focusToken) ref.current?.focus();
  }, [props.focusToken]);

  const onInput = () => {
    const element = ref.current;
    if (!element) return;
    const value = read(props.kind, element);
    if (shown.current && sameRichText(value, shown.current)) return;
    shown.current = value;
    (props.onChange as (value: Content) => void)(value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Alt+F10 reaches the formatting toolbar from the text, as in other rich text editors.
    if (event.altKey && event.key === 'F10') {
      event.preventDefault();
      document.querySelector<HTMLElement>('[data-format-bar] button')?.focus();
      return;
    }
    // A heading is one line: Enter breaks the line instead of starting a paragraph.
    if (props.kind === 'heading' && event.key === 'Enter') {
      event.preventDefault();
      document.execCommand('insertLineBreak');
    }
  };

  return (
    <div
      ref={ref}
      class={`rich-text rich-text-${props.kind}`}
      contentEditable
      role="textbox"
      aria-multiline={props.kind === 'text'}
      aria-label={props.label}
      aria-keyshortcuts="Control+B Control+I Control+U Alt+F10"
      spellcheck
      style={props.style}
      onInput={onInput}
      onKeyDown={onKeyDown}
      onKeyUp={rememberTextRange}
      onPointerUp={rememberTextRange}
    />
  );
}
