/**
 * Whole-process timing of the offline matrix (`codename`, `digression`, `reading` x every built-in
 * strategy x 8,192 and 32,768 tokens x 3 runs: 162 runs with the nine strategies), made serially
 * (`--jobs 1`) and in parallel (`--jobs 2`, or the counts given), alternating, so that a change in
 * the machine's load falls on both alike. The wisp-eval it times is the one in the current folder. Each invocation runs the compiled command line into a folder of its own under
 * the system's temporary folder, removed afterwards. Prints each invocation's wall time with the load
 * average before it, then per job count the fastest and median wall time, and the ratio of each
 * median to the serial one. Wall times on a busy machine mean little: look at the load column.
 *
 *   npm run -s bench:matrix -- [ROUNDS] [JOBS ...]
 *
 * With TMPDIR on a memory file system (TMPDIR=/dev/shm), results and workspaces stay off the disk,
 * whose syncs and write-back vary from one minute to the next on a shared machine.
 */
import { execa } from 'execa';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinStrategies } from '../strategies/index.js';

const [roundsArg, ...jobsArgs] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const jobCounts = jobsArgs.length > 0 ? jobsArgs.map(Number) : [1, 2];
if (!Number.isInteger(rounds) || rounds < 1 || !jobCounts.every((j) => Number.isInteger(j) && j >= 1)) {
  process.stderr.write('usage: bench-matrix.ts [ROUNDS] [JOBS ...] (whole numbers of 1 or more)\n');
  process.exit(2);
}

const STRATEGIES = [...builtinStrategies.keys()];
const MATRIX = [
  ...['codename', 'digression', 'reading'].flatMap((s) => ['--scenario', s]),
  ...STRATEGIES.flatMap((s) => ['--strategy', s]),
  ...['8192', '32768'].flatMap((w) => ['--window', w]),
  '--runs',
  '3',
];

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const root = await mkdtemp(join(tmpdir(), 'wisp-bench-matrix-'));
const walls = new Map<number, number[]>(jobCounts.map((jobs) => [jobs, []]));
try {
  for (let round = 1; round <= rounds; round++) {
    for (const jobs of jobCounts) {
      const out = join(root, `r${round}-j${jobs}`);
      const load = loadavg()[0] ?? 0;
      const started = performance.now();
      await execa('node', ['bin/wisp-eval.js', 'run', ...MATRIX, '--jobs', String(jobs), '--out', out]);
      const seconds = (performance.now() - started) / 1000;
      walls.get(jobs)?.push(seconds);
      console.log(`round ${round}  --jobs ${jobs}  ${seconds.toFixed(2)} s  (load ${load.toFixed(2)})`);
      await rm(out, { recursive: true, force: true });
    }
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
const serial = median(walls.get(jobCounts[0] as number) ?? []);
for (const [jobs, times] of walls) {
  const middle = median(times);
  console.log(
    `--jobs ${jobs}: fastest ${Math.min(...times).toFixed(2)} s, median ${middle.toFixed(2)} s, ` +
      `${(middle / serial).toFixed(2)} of --jobs ${jobCounts[0]}`,
  );
}
