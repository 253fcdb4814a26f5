import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests of the compiled command line and of the engine package need dist/ built from these sources.
    globalSetup: ['test/setup/build-dist.ts'],
    testTimeout: 60_000,
    // End-to-end suites make their runs in beforeAll; on a busy 2-core machine that takes a while.
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
