import { formatReport } from './report';
import type { SoakReport } from './soak';

const backlog = { designs: 0, exports: 0, erasures: 0 };
const report: SoakReport = {
  endpoints: [{ endpoint: 'DELETE /embed/v1/users/{userId}', count: 1, p50: 1362.34, p99: 1362.34, p50FirstHalf: undefined as unknown as number, p50SecondHalf: 1362.34, errors: 0, limited: 0 }],
  shed: 0,
  firstErrors: {},
  webhooks: { deliveries: 3, failedOnPurpose: 1, slowOnPurpose: 0, badSignatures: 0, backlogAtEnd: backlog, backlogAfterDrain: backlog, drainSeconds: 0 },
  memoryMb: { start: { designs: 100, renderer: 1000 }, end: { designs: 103, renderer: 1200 } },
};

describe('the soak report', () => {
  it('shows a dash for the half of an endpoint answered once, never NaN', () => {
    const text = formatReport(report, 60);
    expect(text).not.toContain('NaN');
    expect(text).toMatch(/DELETE \/embed\/v1\/users\/\{userId\} +1 +1362\.3 +1362\.3 +0 +0 +- +1362\.3/);
  });

  it('names the service whose memory grew most, with its growth', () => {
    expect(formatReport(report, 60)).toContain('largest growth: renderer, 20 %');
  });
});
