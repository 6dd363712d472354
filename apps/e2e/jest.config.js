// End-to-end suite: the global setup brings up the real stack on the test profile's
// ports (PostgreSQL, Redis, NATS and the five service processes) once per run. `npm test`
// runs the files in lanes (tools/lib/e2e-lanes.mjs): one stack, shared files on two
// workers, then the serial ones; run directly, this config runs the files one at a time.
const base = require('../../jest.config.js').projects[0];

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  transform: base.transform,
  moduleNameMapper: base.moduleNameMapper,
  globalSetup: '<rootDir>/src/support/global-setup.mjs',
  globalTeardown: '<rootDir>/src/support/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/src/support/services-alive.ts', ...base.setupFilesAfterEnv],
  testTimeout: 60_000,
  maxWorkers: 1,
};
