/**
 * Measures run_command on a very large output: a command that prints 200 MB goes through
 * runCommand with a file output store in a temporary directory, and the process's peak memory and
 * the time taken are printed. The peak should stay a few times the budget above Node's own baseline,
 * not grow with the output.
 *
 *   npx tsx scripts/bench-run-command.ts [megabytes] [budget-bytes]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileOutputStore } from '../runners/recording/output-store/file-store.js';
import { runCommand } from '../runners/sandbox/run-command.js';

const megabytes = Number(process.argv[2] ?? 200);
const budget = Number(process.argv[3] ?? 64 * 1024);
const total = megabytes * 1_000_000;

const mb = (kib: number): string => (kib / 1024).toFixed(1);

const dir = await mkdtemp(join(tmpdir(), 'wisp-bench-'));
try {
  const baseline = process.resourceUsage().maxRSS;
  const started = performance.now();
  const result = await runCommand({
    command: `head -c ${total} /dev/zero | tr '\\0' 'x' | fold -w 100`,
    cwd: dir,
    timeoutMs: 600_000,
    budget,
    store: new FileOutputStore(join(dir, 'output')),
    callId: 'bench-1',
  });
  const elapsed = performance.now() - started;
  const peak = process.resourceUsage().maxRSS;
  console.log(`output: ${megabytes} MB printed, budget ${budget} bytes`);
  console.log(`result: ${Buffer.byteLength(result.content)} bytes, held back: ${result.heldBack}`);
  console.log(`stored: ${result.stored?.bytes ?? 0} bytes, truncated: ${result.stored?.truncated ?? false}`);
  console.log(`time: ${(elapsed / 1000).toFixed(2)} s`);
  console.log(`peak RSS: ${mb(peak)} MB (before the run: ${mb(baseline)} MB)`);
  console.log(`last line: ${result.content.split('\n').at(-1) ?? ''}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
