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
