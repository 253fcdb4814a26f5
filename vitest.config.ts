import { defineConfig } from 'vitest/config';

/**
 * The end-to-end suites: those that run the command line (or the compiled bin, or a script) as a child
 * process, install the engine as a package, drive a browser, or make whole matrices of runs (the
 * honesty alarm over every built-in scenario, strategy and window; every strategy's rebuilt turns; the
 * same runs twice for determinism; the shared generality suite). `npm run test:unit` runs every other
 * suite, in-process; `npm test` runs both projects.
 */
const endToEnd = [
  'test/e2e/**/*.test.ts',
  'test/bin/**/*.test.ts',
  'test/package/**/*.test.ts',
  'test/reports/html/report-browser.test.ts',
  // Runs the compiled command line under a low limit of open files.
  'test/runners/cli/open-files.test.ts',
  // Whole invocations against a loopback model server, and a writer process killed mid-write.
  'test/runners/models/answer-cache.test.ts',
  'test/runners/*/check-mutations.test.ts',
  'test/runners/*/diff-against.test.ts',
  'test/scenarios/source-folder.test.ts',
  'test/scripts/generality.test.ts',
  'test/scripts/reader-matrix.test.ts',
  'test/scripts/reader-size-cli.test.ts',
  'test/honesty/evidence-alarm.test.ts',
  'test/runners/run/determinism.test.ts',
  'test/runners/run/rebuild.test.ts',
  'test/runners/run/baselines-matrix.test.ts',
  'test/scenarios/generality.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // End-to-end suites make their runs in beforeAll; on a busy 2-core machine that takes a while.
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: endToEnd,
          // Each worker imports the harness once and runs its files in turn, rather than importing the
          // reader, the tokenizer and wink-nlp afresh for every file: most of the time of a file.
          isolate: false,
          // In-process suites use one core each: on two cores, two at once (vitest's default leaves one
          // core to its own process, which here has little to do).
          maxWorkers: 2,
          // Projects with their own worker counts run one after the other: the unit suites first.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: endToEnd,
          // Tests of the compiled command line and of the engine package need dist/ built from these sources.
          globalSetup: ['test/setup/build-dist.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
