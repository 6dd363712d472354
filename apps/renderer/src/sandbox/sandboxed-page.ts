import type { HTTPRequest, Page } from 'puppeteer-core';
import { connectionErrorMessage } from '@embed/egress-guard';
import type { ResourceLoader } from './resource-loader';

/**
 * A page that can reach nothing by itself. Every request Chromium makes is intercepted:
 * `data:` stays local, http(s) is fetched by the public-only loader and handed back,
 * anything else (file:, chrome:, ftp: ...) and any navigation away from the design is
 * refused. Chromium's own network is cut at launch as well (browser-pool.ts), so a
 * request that escaped interception still would not leave the machine.
 * Scripts never run: a file is a still picture of the design (and an email must never
 * run one); what a popup's script would do, showing the dialog, is done here.
 *
 * Done in two steps because pages are opened before their job (browser-pool.ts):
 * `lockDownPage` when the page is opened, while it is still blank, so that until a job
 * takes it any request it made would wait forever; `sandboxRequests` when the job takes
 * it, with the job's own deadline and warnings.
 */
export async function lockDownPage(page: Page): Promise<void> {
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
}

/** Returns the end of the job's sandbox: a page kept for its tenant's next job gets that job's own. */
export function sandboxRequests(page: Page, loader: ResourceLoader, blocked: (problem: string) => void, signal: AbortSignal): () => void {
  // A request can still be in flight when the job's page closes: its answer then has nowhere to go.
  const listener = (request: HTTPRequest) => void answer(page, request, loader, blocked, signal).catch(() => undefined);
  page.on('request', listener);
  return () => void page.off('request', listener);
}

async function answer(page: Page, request: HTTPRequest, loader: ResourceLoader, blocked: (problem: string) => void, signal: AbortSignal) {
  const url = request.url();
  if (url.startsWith('data:')) return request.continue();
  if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
    blocked(`navigation to ${url} was refused`);
    return request.abort('blockedbyclient');
  }
  try {
    const resource = await loader.load(url, signal);
    await request.respond({ status: resource.status, contentType: resource.contentType, body: resource.body });
  } catch (error) {
    blocked(`${url} was not loaded: ${connectionErrorMessage(error)}`);
    await request.abort('blockedbyclient');
  }
}
