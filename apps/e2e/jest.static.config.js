// The end-to-end files that need no stack (`// @lane static`, see tools/lib/e2e-lanes.mjs):
// no global setup, so `npm test` runs them while the shared stack starts.
const e2e = require('./jest.config.js');

module.exports = {
  ...e2e,
  displayName: 'e2e-static',
  globalSetup: undefined,
  globalTeardown: undefined,
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest-count-assertions.js'],
};
