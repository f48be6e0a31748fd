/**
 * All Jest layers in one place; pick one with --selectProjects:
 *   unit         pure code beside it (*.spec.ts), no services
 *   web          React components and the web store (*.spec.tsx) under jsdom
 *   integration  one service in-process against the real PostgreSQL, NATS and Redis (*.int-spec.ts)
 *   api          the whole built stack over HTTP (apps/gateway/api-test/*.api-spec.ts)
 *   fuzz         hostile values on every field of the OpenAPI document, against the whole built stack
 *                (apps/gateway/fuzz-test/*.fuzz-spec.ts)
 *   resilience   real processes stopped, killed and restarted under load: failover between replicas and
 *                the faults of every dependency (apps/gateway/resilience-test/*.resilience-spec.ts); each
 *                file starts the processes it breaks
 */
const preset = require('./jest.preset.js');

const base = { ...preset, rootDir: __dirname };

module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/apps/web/', '<rootDir>/apps/web-e2e/'],
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/apps/web/src/**/*.spec.{ts,tsx}'],
      setupFiles: ['<rootDir>/apps/web/jest.setup.js'],
    },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      setupFiles: ['<rootDir>/tools/jest/integration-env.js'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/slow-layer-timeout.js'],
    },
    {
      ...base,
      displayName: 'api',
      testMatch: ['<rootDir>/apps/gateway/api-test/**/*.api-spec.ts'],
      globalSetup: '<rootDir>/apps/gateway/api-test/global-setup.ts',
      globalTeardown: '<rootDir>/apps/gateway/api-test/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/slow-layer-timeout.js'],
    },
    {
      ...base,
      displayName: 'fuzz',
      testMatch: ['<rootDir>/apps/gateway/fuzz-test/**/*.fuzz-spec.ts'],
      globalSetup: '<rootDir>/apps/gateway/fuzz-test/global-setup.ts',
      globalTeardown: '<rootDir>/apps/gateway/api-test/global-teardown.ts',
    },
    {
      ...base,
      displayName: 'resilience',
      testMatch: ['<rootDir>/apps/gateway/resilience-test/**/*.resilience-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/slow-layer-timeout.js'],
    },
  ],
};
