import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant of engine/ (npm run mutate): the engine's own unit
// tests, which need no compiled dist/ and no model server, so a mutant is judged in seconds.
export default defineConfig({
  test: {
    include: ['test/engine/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
