// Loaded into every test file (setupFilesAfterEnv) of the unit and end-to-end suites:
// counts the expect() calls each test made and, when the file ends, appends the file's
// total to the JSON-lines log named by JEST_ASSERTION_LOG, so that `npm test` can print
// how many assertions ran (a restructured suite must not run fewer than before).
/* global afterEach, afterAll, expect -- Jest's, in every test file this is loaded into */
const { appendFileSync } = require('node:fs');

const log = process.env.JEST_ASSERTION_LOG;
let assertions = 0;

if (log) {
  afterEach(() => {
    assertions += expect.getState().assertionCalls;
  });
  afterAll(() => {
    appendFileSync(log, `${JSON.stringify({ file: expect.getState().testPath, assertions })}\n`);
  });
}
