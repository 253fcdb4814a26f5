#!/usr/bin/env node
// Runs the command line compiled into dist/ (`npm run build`, which `npm ci` and `npm install` run
// as `prepare`). When dist/ is missing, as in a checkout never built such as the worktree of
// `snapshots diff --against`, or older than a source file, it runs the sources through tsx instead,
// so it never runs stale code; a stale build is named on stderr, since it costs a slower start.
import { compiledState } from './compiled.js';

/**
 * Loads the command line; under a low `ulimit -n` its modules cannot all be opened, which is said in
 * one line (as runners/cli/open-files.ts says it once loaded), exit 3, rather than as a stack.
 */
async function load(specifier) {
  try {
    await import(specifier);
  } catch (error) {
    if (error?.code !== 'EMFILE' && error?.code !== 'ENFILE') throw error;
    process.stderr.write(
      `wisp-eval: too many open files (${error.code}) while loading the command line: ` +
        'raise the limit of open files per process (ulimit -n), to 1024 or more, and run again\n',
    );
    process.exit(3);
  }
}

const compiled = compiledState();
if (compiled.state === 'current') {
  await load('../dist/runners/cli/launch.js');
} else {
  if (compiled.state === 'stale') {
    process.stderr.write(
      `wisp-eval: dist/ is older than ${compiled.source}: running the sources through tsx; \`npm run build\` compiles them again\n`,
    );
  }
  const { register } = await import('tsx/esm/api');
  register();
  await load('../runners/cli/launch.ts');
}
