/**
 * Vitest's global setup: builds dist/ (`npm run build`) when it is missing or older than a source
 * file, so that the tests of the compiled command line and of the engine package never run stale code.
 */
import { execa } from 'execa';
import { compiledState, root } from '../../bin/compiled.js';

export default async function buildDist(): Promise<void> {
  if (compiledState().state === 'current') return;
  const built = await execa('npm', ['run', '-s', 'build'], { cwd: root, reject: false, all: true });
  // tsc writes its output even when a type is wrong; the typecheck step is the one that fails on it.
  if (built.exitCode !== 0) console.warn(`npm run build exited with ${built.exitCode}:\n${built.all}`);
  const after = compiledState();
  if (after.state === 'missing') throw new Error(`npm run build wrote no dist/: ${built.all}`);
  // A source edited while the build ran; what the tests of dist/ run is then older than it.
  if (after.state === 'stale') console.warn(`dist/ is older than ${after.source}, edited during the build`);
}
