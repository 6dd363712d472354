import { MERGE_TAG_ATTRIBUTE } from '../rich-text/tree';
import type { MergeTagChoice } from '../state/merge-tags';

/** The attribute a chip's label is shown from (styles.css draws it in place of the tag as written). */
export const CHIP_LABEL_ATTRIBUTE = 'data-label';

/**
 * Shows every merge tag chip under `root` with its label (`{{contact.first_name}}` reads
 * "First name"), now and as chips come and go. Only attributes change: the chip's text
 * stays the tag as written, which reading the text back, copying and assistive
 * technology keep using, and the rich-text views are left as they are. Returns the stop.
 */
export function labelMergeTagChips(root: HTMLElement, choices: readonly MergeTagChoice[]): () => void {
  const labels = new Map(choices.map((choice) => [choice.tag, choice.label]));
  const label = (chip: Element) => {
    const text = labels.get(chip.getAttribute(MERGE_TAG_ATTRIBUTE) ?? '');
    if (text === undefined) chip.removeAttribute(CHIP_LABEL_ATTRIBUTE);
    else if (chip.getAttribute(CHIP_LABEL_ATTRIBUTE) !== text) chip.setAttribute(CHIP_LABEL_ATTRIBUTE, text);
  };
  const labelAll = (under: ParentNode) => under.querySelectorAll(`[${MERGE_TAG_ATTRIBUTE}]`).forEach(label);
  labelAll(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.hasAttribute(MERGE_TAG_ATTRIBUTE)) label(node);
        labelAll(node);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
