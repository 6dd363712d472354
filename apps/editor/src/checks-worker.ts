// The design checks' worker (built beside the app, started by checks/run-checks.ts): it
// checks each design it is sent off the page's thread, so that typing never waits for it.
import { checkDesign, type Finding } from '@embed/design-checks';
import type { CheckRequest } from './checks/run-checks';
import { answerCalls } from './services/worker-calls';

answerCalls<CheckRequest, Finding[]>(({ doc, options }) => checkDesign(doc, options));
