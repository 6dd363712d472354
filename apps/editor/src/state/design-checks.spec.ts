import type { DesignDocument } from '@embed/design-document/model';
import { checkDesign, type Finding, GMAIL_CLIP_BYTES } from '@embed/design-checks';
import type { ApiRequest, ApiResponse } from '@embed/editor-protocol';
import { checksHere } from '../checks/run-checks';
import { EditorApi } from '../services/editor-api';
import type { HostBridge } from '../services/host-bridge';
import { DesignChecks } from './design-checks';
import { EditorStore } from './editor-store';
import { opening } from './opening';

const image = (alt?: string) => ({ type: 'image' as const, src: 'https://x.example/a.png', ...(alt !== undefined && { alt }) });
const doc: DesignDocument = {
  schemaVersion: 1,
  mode: 'email',
  settings: { subject: 'Hi', preheader: 'Hello' },
  body: { rows: [{ columns: [{ blocks: [image(), { type: 'text', content: [{ type: 'paragraph', content: [{ text: '{{unsubscribe_url}}', href: '{{unsubscribe_url}}' }] }] }] }] }] },
};

describe('DesignChecks', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('checks the design after a pause in the changes, and measures an email by the renderer’s size', async () => {
    const renders: ApiRequest[] = [];
    const bridge = { api: async (request: ApiRequest): Promise<ApiResponse> => (renders.push(request), { status: 200, body: { html: '<p>', bytes: GMAIL_CLIP_BYTES + 10 }, headers: {} }) } as unknown as HostBridge;
    const api = new EditorApi(bridge);
    const store = new EditorStore(opening(null, undefined, { doc, name: 'n' }), api, { change: () => undefined, save: () => undefined, error: () => undefined });
    const checks = new DesignChecks(store, api, checksHere, { check: 300, measure: 2000 });
    expect(checks.findings).toEqual([]);

    await jest.advanceTimersByTimeAsync(0);
    expect(renders.map((request) => request.op)).toEqual(['renderPreview']);
    expect(checks.meter).toMatchObject({ clipped: true });
    expect(checks.findings.map((finding) => finding.check)).toEqual(['image-alt', 'gmail-clipping']);

    for (const alt of ['A', 'A p', 'A photo']) {
      store.dispatch({ type: 'patchBlock', at: { row: 0, column: 0, block: 0 }, patch: { alt } }, { coalesceKey: 'alt' });
      await jest.advanceTimersByTimeAsync(299);
    }
    expect(checks.findings.map((finding) => finding.check)).toContain('image-alt');
    await jest.advanceTimersByTimeAsync(1);
    expect(checks.findings.map((finding) => finding.check)).toEqual(['gmail-clipping']);
    expect(renders).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(renders).toHaveLength(2);
    checks.dispose();
  });

  it('shows only the latest design’s findings when checks answer out of order', async () => {
    const api = new EditorApi({ api: async () => ({ status: 500, body: {}, headers: {} }) } as unknown as HostBridge);
    const store = new EditorStore(opening(null, undefined, { doc, name: 'n' }), api, { change: () => undefined, save: () => undefined, error: () => undefined });
    const answers: ((findings: Finding[]) => void)[] = [];
    const checks = new DesignChecks(store, api, () => new Promise((resolve) => answers.push(resolve)), { check: 300, measure: 2000 });
    await jest.advanceTimersByTimeAsync(0);
    store.dispatch({ type: 'patchBlock', at: { row: 0, column: 0, block: 0 }, patch: { alt: 'A photo' } });
    await jest.advanceTimersByTimeAsync(300);
    expect(answers).toHaveLength(2);
    answers[1]([]);
    answers[0](checkDesign(doc));
    await Promise.resolve();
    expect(checks.findings).toEqual([]);
    checks.dispose();
  });
});
