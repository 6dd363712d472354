import { largestGrowth, type SoakReport, soakErrors } from './soak';

const table = (rows: Array<Array<string | number>>) => rows.map((row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(48) : String(cell).padStart(14))).join('')).join('\n');
// An endpoint answered once has no first half: a dash, not NaN.
const round = (value: number | undefined) => (Number.isFinite(value) ? Math.round((value as number) * 10) / 10 : '-');

/** The soak's report in words and tables, for a person to read. */
export function formatReport(report: SoakReport, seconds: number): string {
  const { webhooks, memoryMb } = report;
  const left = (backlog: SoakReport['webhooks']['backlogAtEnd']) => `${backlog.designs} designs' newest revision, ${backlog.exports} exports, ${backlog.erasures} erasures`;
  const growth = largestGrowth(memoryMb);
  return [
    `soak: ${seconds} s of an integrator's day after the warm-up`,
    table([['endpoint', 'count', 'p50 ms', 'p99 ms', 'errors', '429', 'p50 1st half', 'p50 2nd half'], ...report.endpoints.map((e) => [e.endpoint, e.count, round(e.p50), round(e.p99), e.errors, e.limited, round(e.p50FirstHalf), round(e.p50SecondHalf)])]),
    `requests not sent because too many were waiting for an answer: ${report.shed}`,
    ...Object.entries(report.firstErrors).map(([kind, detail]) => `first ${kind}: ${detail}`),
    `webhooks: ${webhooks.deliveries} deliveries received (${webhooks.failedOnPurpose} answered 500 and ${webhooks.slowOnPurpose} answered slowly on purpose), ${webhooks.badSignatures} with a bad signature`,
    `webhook backlog at the end: ${left(webhooks.backlogAtEnd)}; ${webhooks.drainSeconds} s later: ${left(webhooks.backlogAfterDrain)}`,
    table([['highest resident memory (MB)', 'warmed up', 'in the run', 'growth %'], ...Object.keys(memoryMb.start).map((name) => [name, round(memoryMb.start[name]), round(memoryMb.end[name]), round((100 * memoryMb.end[name]) / memoryMb.start[name] - 100)])]),
    `largest growth: ${growth.service}, ${round((100 * growth.end) / growth.start - 100)} %; errors (429 aside): ${soakErrors(report)}`,
    '',
  ].join('\n');
}

