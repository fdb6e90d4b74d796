/** @jest-config-loader esbuild-register */
// Three projects: unit tests (no database), and the API suites, run once against SQLite and once
// against PostgreSQL. `npm test` runs all three; .ci/run runs exactly that.
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.ts$': '<rootDir>/test/esbuild-transform.js',
};

const shared: Config = {
  testEnvironment: 'node',
  transform,
  moduleFileExtensions: ['ts', 'js', 'json'],
};

const apiSuites = ['<rootDir>/apps/api/test/**/*.test.ts'];

const config: Config = {
  // Three test files at a time on a 2-core machine: the API suites spend much of their time
  // waiting (worker processes starting, job locks expiring, Redis restarts), so a third file
  // overlaps those waits with the others' work.
  maxWorkers: 3,
  // The longest test files first (a fresh clone would otherwise run the corpora shards last).
  testSequencer: '<rootDir>/test/long-first-sequencer.js',
  // Logins hash with bcrypt at cost 12 (a quarter second each); tests doing many of them need room.
  testTimeout: 30_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/packages/*/test/**/*.test.ts',
        // Check families and knowledge keep their tests beside their code and data.
        '<rootDir>/packages/engine/src/**/*.test.ts',
        '<rootDir>/apps/worker/test/**/*.test.ts',
      ],
    },
    {
      ...shared,
      displayName: 'api-sqlite',
      testMatch: apiSuites,
      setupFiles: ['<rootDir>/test/env/sqlite.ts'],
    },
    {
      ...shared,
      displayName: 'api-postgres',
      testMatch: apiSuites,
      setupFiles: ['<rootDir>/test/env/postgres.ts'],
    },
  ],
};

export default config;
