/** Resolves once `check` holds, asked every 100 ms; fails after 20 s (a real Chromium on a busy machine is slow, not that slow). */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await check()); tries++) {
    if (tries > 200) throw new Error('condition not met within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
