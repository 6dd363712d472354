// The design checks' worker (built beside the app, started by checks/run-checks.ts): it
// checks each design it is sent off the page's thread, so that typing never waits for it.
import { checkDesign } from '@embed/design-checks';
import type { CheckAnswer, CheckRequest } from './checks/run-checks';

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(answer: CheckAnswer): void };

scope.onmessage = ({ data }) => scope.postMessage({ id: data.id, findings: checkDesign(data.doc, data.options) });
