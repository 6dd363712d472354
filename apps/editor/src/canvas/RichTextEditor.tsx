import type { Inline } from '@embed/design-document/model';
import { afterInsert, applyTextEdit, type FittedInsert, marksAt, type Marks, rangeHasMark, type TextEdit, type TextRange, type ToggledMark } from '@embed/editor-core';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { showViews } from '../rich-text/dom-runs';
import { selectTextRange, textRangeIn } from '../rich-text/dom-selection';
import { TEXT_LIMITS, transferredContent } from '../rich-text/paste';
import { readRuns, readTextContent, sameRichText } from '../rich-text/read-runs';
import { runsView, textContentView } from '../rich-text/runs-view';
import type { TextContent } from '../rich-text/tree';
import { useTranslator } from '../views/i18n';

type Props = (
  | { kind: 'text'; value: TextContent; onChange: (value: TextContent) => boolean }
  | { kind: 'heading'; value: Inline[]; onChange: (value: Inline[]) => boolean }
) & {
  /** Dispatches a formatting or editing step (the command `editText`); false when it was refused. */
  onEdit: (edit: TextEdit) => boolean;
  /** Dispatches an insert cut to what the block can hold (a paste): what of it was kept, or null when nothing could be. */
  onInsert: (edit: Extract<TextEdit, { kind: 'insert' }>) => FittedInsert | null;
  label: string;
  style?: Record<string, string>;
};

type Content = Props['value'];

const read = (kind: Props['kind'], element: HTMLElement): Content => (kind === 'text' ? readTextContent(element) : readRuns(element));
const views = (kind: Props['kind'], value: Content) => (kind === 'text' ? textContentView(value as TextContent) : runsView(value as Inline[]));
const collapsed = (range: TextRange) => range.from.line === range.to.line && range.from.offset === range.to.offset;
const caretAt = (point: TextRange['from']): TextRange => ({ from: point, to: point });

/** What the formatting toolbar reaches of the text last edited: its selection in the document's terms, and its edits. */
interface TextEditorHandle {
  readonly element: HTMLElement;
  /** The selection, as the document's range; null when the text has none. */
  range(): TextRange | null;
  content(): Content;
  kind: Props['kind'];
  /** Dispatches the edit and puts the selection at `then` once the text shows it. */
  edit(edit: TextEdit, then: TextRange): boolean;
  /** Marks the next typed characters take at the caret (a mark toggled with no selection). */
  typingMarks: { marks: Marks; at: TextRange } | null;
}

const editableOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>('.rich-text');
const handles = new WeakMap<HTMLElement, TextEditorHandle>();

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

/** The text last edited, with the focus and its selection back. */
function lastText(): TextEditorHandle | null {
  if (!returnToText()) return null;
  return handles.get(editableOf((lastTextRange as Range).startContainer) as HTMLElement) ?? null;
}

/**
 * Sets or takes away a mark (Bold, Italic, …) on the selection: as a command on the
 * document. With no selection, the characters typed next take the mark.
 */
export function toggleMark(mark: ToggledMark): void {
  const text = lastText();
  const range = text?.range();
  if (!text || !range) return;
  if (collapsed(range)) {
    const marks = text.typingMarks && sameRange(text.typingMarks.at, range) ? text.typingMarks.marks : marksAt(text.content(), text.kind, range.from);
    text.typingMarks = { marks: { ...marks, [mark]: marks[mark] ? undefined : true }, at: range };
    return;
  }
  text.edit({ kind: 'mark', range, mark, value: !rangeHasMark(text.content(), text.kind, range, mark) }, range);
}

const sameRange = (a: TextRange, b: TextRange) => a.from.line === b.from.line && a.from.offset === b.from.offset && a.to.line === b.to.line && a.to.offset === b.to.offset;

/** Makes the selected lines a bulleted or numbered list, or lines again. */
export function toggleList(ordered: boolean): void {
  const text = lastText();
  const range = text?.range();
  if (text && range && text.kind === 'text') text.edit({ kind: 'list', range, ordered }, range);
}

/** The link at the caret as the document's range: the whole link when nothing is selected. */
function linkRange(text: TextEditorHandle, range: TextRange): TextRange {
  if (!collapsed(range)) return range;
  const link = lastTextRange && (lastTextRange.startContainer instanceof Element ? lastTextRange.startContainer : lastTextRange.startContainer.parentElement)?.closest('a');
  if (!link || !text.element.contains(link)) return range;
  const whole = document.createRange();
  whole.selectNodeContents(link);
  return textRangeIn(text.element, whole, text.kind) ?? range;
}

/** Links the selection (or the link at the caret) to `href`; with neither, puts the address in as a linked text. */
export function formatLink(href: string): void {
  const text = lastText();
  const range = text?.range();
  if (!text || !range) return;
  const target = linkRange(text, range);
  if (collapsed(target)) insertRuns(text, range, [{ ...marksAt(text.content(), text.kind, range.from), text: href, href }]);
  else text.edit({ kind: 'link', range: target, href }, range);
}

export function removeLink(): void {
  const text = lastText();
  const range = text?.range();
  if (text && range) text.edit({ kind: 'link', range: linkRange(text, range), href: undefined }, range);
}

export function formatColor(color: string): void {
  const text = lastText();
  const range = text?.range();
  if (text && range && !collapsed(range)) text.edit({ kind: 'color', range, color }, range);
}

/** The address of the link at the text's caret, if it is in one. */
export function linkAtCaret(): string | null {
  const node = lastTextRange?.startContainer;
  const link = node && (node instanceof Element ? node : node.parentElement)?.closest('a');
  return link && editableOf(link) ? (link.getAttribute('href') ?? '') : null;
}

/** Puts runs in place of the selection, with the marks typing there takes, the caret after them. */
function insertRuns(text: TextEditorHandle, range: TextRange, runs: Inline[]): boolean {
  const content = [{ type: 'paragraph' as const, content: runs }];
  return text.edit({ kind: 'insert', range, content }, caretAt(afterInsert(range, content, text.kind)));
}

/** Puts a merge tag at the text's caret as one unit, with the marks around it. */
export function insertMergeTag(tag: string): void {
  const text = lastText();
  const range = text?.range();
  if (text && range) insertRuns(text, range, [{ ...marksAt(text.content(), text.kind, range.from), text: tag }]);
}

/**
 * A contenteditable element that shows the block's runs. Typing is the browser's, read
 * back into runs after every input; everything else (marks, links, lists, merge tags, a
 * line break in a heading) is a command on the document, which the element then shows.
 * Before each paint the element is made to show the document's content whenever it does
 * not already: what it shows is compared with the document, never with the last value
 * rendered, so an undo that comes before the views have caught up with typing shows too.
 */
export function RichTextEditor(props: Props) {
  const translator = useTranslator();
  const ref = useRef<HTMLDivElement>(null);
  /** Why the last paste was cut or an edit not kept, said where the person acted. */
  const [notice, setNotice] = useState<string | null>(null);
  /** The content the element shows, as far as this view knows. */
  const shown = useRef<Content | null>(null);
  /** Where the selection goes once the element shows the result of an edit made here. */
  const selectionAfter = useRef<TextRange | null>(null);
  const latest = useRef(props);
  latest.current = props;

  const handle = useRef<TextEditorHandle | null>(null);
  useLayoutEffect(() => {
    const element = ref.current as HTMLDivElement;
    handle.current = {
      element,
      kind: props.kind,
      typingMarks: null,
      range: () => textRangeIn(element, window.getSelection()?.rangeCount ? (window.getSelection() as Selection).getRangeAt(0) : null, props.kind),
      // What the element shows and the document holds: typing reaches the document at once, the views a paint later.
      content: () => shown.current ?? latest.current.value,
      edit: (edit, then) => {
        selectionAfter.current = then;
        const done = latest.current.onEdit(edit);
        if (!done) selectionAfter.current = null;
        return done;
      },
    };
    handles.set(element, handle.current);
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const then = selectionAfter.current;
    if (props.value === shown.current && !then) return;
    if (then || shown.current === null || !sameRichText(read(props.kind, element), props.value)) {
      const focused = element.contains(document.activeElement) || element === document.activeElement;
      const caret = then ?? (focused ? handle.current?.range() : null);
      showViews(element, views(props.kind, props.value));
      if (caret && focused) selectTextRange(element, caret, props.kind);
      if (focused) rememberTextRange();
    }
    shown.current = props.value;
    selectionAfter.current = null;
  });

  const onInput = () => {
    const element = ref.current;
    if (!element) return;
    // Typing moves the selection: a place kept for an edit's result would now be stale.
    selectionAfter.current = null;
    const value = read(props.kind, element);
    const before = shown.current;
    if (before && sameRichText(value, before)) return;
    shown.current = value;
    if ((props.onChange as (value: Content) => boolean)(value)) return notice && setNotice(null);
    // Not kept (past what the block holds): the text shows the document again, not what would not be saved.
    const caret = handle.current?.range();
    shown.current = before ?? latest.current.value;
    showViews(element, views(props.kind, shown.current));
    if (caret) selectTextRange(element, caret, props.kind);
    setNotice(translator.t('text.notKept', TEXT_LIMITS));
  };

  /** Puts pasted or dropped content in place of the selection, cut to what the block holds, and says so when cut. */
  const insertTransferred = (data: DataTransfer | null) => {
    const text = handle.current;
    const range = text?.range();
    const content = data && transferredContent(data);
    if (!text || !range || !content) return;
    const fitted = props.onInsert({ kind: 'insert', range, content });
    if (fitted) selectionAfter.current = caretAt(afterInsert(range, fitted.edit.content, text.kind));
    if (!fitted) setNotice(translator.t('paste.refused', TEXT_LIMITS));
    else if (fitted.kept < fitted.total) setNotice(translator.t('paste.cut', { ...TEXT_LIMITS, kept: fitted.kept, total: fitted.total }));
    else setNotice(null);
  };

  const onPaste = (event: ClipboardEvent) => {
    event.preventDefault();
    insertTransferred(event.clipboardData);
  };

  const onBeforeInput = (event: InputEvent) => {
    const text = handle.current;
    if (!text) return;
    // The browser's own formatting and history never touch the element: ours are commands on the document.
    if (event.inputType.startsWith('format') || event.inputType.startsWith('history')) return event.preventDefault();
    // A drop is read like a paste, in an inert document, never put into the page as it is.
    if (event.inputType === 'insertFromDrop' || event.inputType === 'insertFromPaste') {
      event.preventDefault();
      return insertTransferred(event.dataTransfer);
    }
    const typing = text.typingMarks;
    text.typingMarks = null;
    // A heading is one line: Enter breaks the line instead of starting a paragraph.
    const lineBreak = props.kind === 'heading' && event.inputType === 'insertParagraph';
    const marked = event.inputType === 'insertText' && event.data && typing;
    const range = lineBreak || marked ? text.range() : null;
    if (!range) return;
    if (lineBreak) {
      event.preventDefault();
      insertRuns(text, range, [{ ...marksAt(text.content(), text.kind, range.from), text: '\n' }]);
    } else if (typing && sameRange(typing.at, range)) {
      event.preventDefault();
      // Typed characters, marks and all, are typing: shown at once, in the typing's undo step.
      const content = [{ type: 'paragraph' as const, content: [{ ...typing.marks, text: event.data as string }] }];
      const next = applyTextEdit(text.content(), text.kind, { kind: 'insert', range, content }) as Content;
      const element = ref.current as HTMLDivElement;
      showViews(element, views(props.kind, next));
      selectTextRange(element, caretAt(afterInsert(range, content, text.kind)), props.kind);
      onInput();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Alt+F10 reaches the formatting toolbar from the text, as in other rich text editors.
    if (event.altKey && event.key === 'F10') {
      event.preventDefault();
      document.querySelector<HTMLElement>('[data-format-bar] button')?.focus();
      return;
    }
    const marks: Record<string, ToggledMark> = { b: 'bold', i: 'italic', u: 'underline' };
    const mark = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey ? marks[event.key.toLowerCase()] : undefined;
    if (mark) {
      event.preventDefault();
      rememberTextRange();
      toggleMark(mark);
    }
  };

  return (
    <>
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
        onBeforeInput={onBeforeInput}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
        onKeyUp={rememberTextRange}
        onPointerUp={rememberTextRange}
      />
      {notice && (
        <p class="text-notice" role="alert">
          {notice}
        </p>
      )}
    </>
  );
}
