#!/usr/bin/env node
// Runs the command line compiled into dist/ (`npm run build`, which `npm ci` and `npm install` run
// as `prepare`). When dist/ is missing, as in a checkout never built such as the worktree of
// `snapshots diff --against`, or older than a source file, it runs the sources through tsx instead,
// so it never runs stale code; a stale build is named on stderr, since it costs a slower start.
import { compiledState } from './compiled.js';

const compiled = compiledState();
if (compiled.state === 'current') {
  await import('../dist/runners/cli/launch.js');
} else {
  if (compiled.state === 'stale') {
    process.stderr.write(
      `wisp-eval: dist/ is older than ${compiled.source}: running the sources through tsx; \`npm run build\` compiles them again\n`,
    );
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import('../runners/cli/launch.ts');
}
