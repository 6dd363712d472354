import { readFileSync } from 'node:fs';

/**
 * The settings every service of the test stack starts with, over the profile's own (see
 * test-settings.json, which the tests read too): sweeps every couple of seconds, so tests
 * see what they put right without waiting minutes; the webhook dispatcher's retry schedule
 * shrunk 5,000 times (hours become seconds), a 1.5 s answer deadline instead of 10 s and
 * quick polling; rate-limit windows of 30 s instead of a minute (TEST_TIME_SCALE). One
 * stack with every setting the files need, so that no file restarts a service only to
 * change one.
 */
export const TEST_SETTINGS = JSON.parse(readFileSync(new URL('./test-settings.json', import.meta.url), 'utf8'));
