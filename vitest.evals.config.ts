import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The evals project: scenarios as vitest suites (`evals/**\/*.eval.ts`, see docs/evals.md). It is a
 * config of its own, apart from vitest.config.ts, so that `npm test` runs what it ran before;
 * `npm run evals`, `evals:watch` and `evals:ui` run it. `wisp-eval/vitest` is taken from the sources
 * here, not from dist/, so that watch mode sees a change to the engine, a strategy or a scenario.
 */
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^wisp-eval\/vitest\/matchers$/, replacement: source('./runners/vitest/register-matchers.ts') },
      { find: /^wisp-eval\/vitest$/, replacement: source('./runners/vitest/index.ts') },
    ],
  },
  test: {
    name: 'evals',
    include: ['evals/**/*.eval.ts'],
    // A suite makes its runs before its first test; a matrix on a real model takes a while.
    hookTimeout: 600_000,
    testTimeout: 600_000,
    pool: 'forks',
    // Watch mode re-runs an eval file when the engine, a strategy or a scenario it imports changes.
    forceRerunTriggers: ['**/scenarios/**/*.{json,yaml,yml}'],
  },
});
