import type { Frame, Page } from 'playwright-core';

/** The accessible name of what has the focus in the editor's frame, as `role:name`. */
export const focused = (frame: Frame) =>
  frame.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return `${element?.getAttribute('role') ?? element?.tagName.toLowerCase()}:${element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''}`;
  });

/** Presses `key` until the focus is on `target` (at most `limit` times): moving as a keyboard user does. */
export async function pressUntil(page: Page, frame: Frame, key: string, target: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if ((await focused(frame)) === target) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}; the focus is on ${await focused(frame)}`);
}

/**
 * An init script (page.addInitScript: it runs in every frame before the frame's own
 * scripts) noting, for each dialog or menu as it is put in the page, whether it already
 * holds the focus at the first moment anything else could act (a mutation observer's
 * microtask): a key pressed as it appears goes where the focus is.
 */
export function noteFocusAsPopupsAppear() {
  const seen = new WeakSet<Element>();
  const noted: boolean[] = [];
  (window as any).focusAsPopupsAppeared = noted;
  new MutationObserver(() => {
    for (const popup of document.querySelectorAll('[role=dialog], [role=menu]')) {
      if (seen.has(popup)) continue;
      seen.add(popup);
      noted.push(popup.contains(document.activeElement));
    }
  }).observe(document, { childList: true, subtree: true });
}

/** What noteFocusAsPopupsAppear noted in `frame`: true for each dialog or menu that held the focus as it appeared. */
export const focusAsPopupsAppeared = (frame: Frame): Promise<boolean[]> => frame.evaluate(() => (window as any).focusAsPopupsAppeared);
