import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests of the compiled command line and of the engine package need dist/ built from these sources.
    globalSetup: ['test/setup/build-dist.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
