/**
 * The reader's verdicts over the built-in matrix: every built-in scenario under every built-in
 * strategy at 4,096, 8,192 and 32,768 tokens, one run each, through the command line. `npm run
 * generality` keeps everything in view (32,768 tokens, nothing condensed); here the window drops
 * what answered, and a reader change that answers anyway shows up as abstentions turned wrong.
 *
 *   npm run -s reader:matrix -- [--scenario NAME ...] [--write FILE] [--against FILE]
 *
 * Prints the verdict counts per window. With --write, the verdicts go to FILE as a list (see
 * scripts/reader-matrix/verdicts.ts); with --against, each place whose verdict differs from FILE's is
 * printed, with a tally of the kinds of change, and the exit status is 1 when any differs. Exit 2
 * when the command line or FILE cannot be used (one line saying so, nothing run or written); 3 when
 * a run of the matrix fails.
 */
import { execa } from 'execa';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runRecordSchema } from '../records/run-record.js';
import { builtinScenarioNames } from '../scenarios/index.js';
import { builtinStrategies } from '../strategies/index.js';
import {
  changeTally,
  formatVerdicts,
  parseVerdicts,
  verdictChanges,
  verdictCounts,
  type VerdictLine,
} from './reader-matrix/verdicts.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run -s reader:matrix -- [--scenario NAME ...] [--write FILE] [--against FILE]';
const WINDOWS = [4096, 8192, 32768];

function refuse(message: string): never {
  process.stderr.write(`reader:matrix: ${message}; ${USAGE}\n`);
  process.exit(2);
}

function commandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        scenario: { type: 'string', multiple: true },
        write: { type: 'string' },
        against: { type: 'string' },
        help: { type: 'boolean' },
      },
      allowPositionals: false,
    });
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const scenarios = values.scenario ?? [...builtinScenarioNames];
  const unknown = scenarios.find((name) => !builtinScenarioNames.includes(name));
  if (unknown !== undefined) refuse(`no built-in scenario "${unknown}" (${builtinScenarioNames.join(', ')})`);
  return { scenarios, write: values.write, against: values.against };
}

/** The list to compare against, or exit 2 naming what is wrong with it. */
async function baseline(file: string): Promise<VerdictLine[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    refuse(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return parseVerdicts(text, file);
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
}

/** Every probe's verdict of the matrix, made by the command line into a folder removed afterwards. */
async function matrixVerdicts(scenarios: readonly string[]): Promise<VerdictLine[]> {
  const out = await mkdtemp(path.join(tmpdir(), 'wisp-reader-matrix-'));
  try {
    const args = [
      'run',
      ...scenarios.flatMap((name) => ['--scenario', name]),
      ...[...builtinStrategies.keys()].flatMap((name) => ['--strategy', name]),
      ...WINDOWS.flatMap((window) => ['--window', String(window)]),
      '--json',
      '--out',
      path.join(out, 'results'),
    ];
    const { stdout, exitCode, stderr } = await execa('node', ['bin/wisp-eval.js', ...args], {
      cwd: repository,
      reject: false,
    });
    if (exitCode !== 0) {
      process.stderr.write(
        `reader:matrix: a run of the matrix failed (exit ${exitCode}): ${stderr.trim()}\n`,
      );
      process.exit(3);
    }
    return stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        const run = runRecordSchema.parse(JSON.parse(line));
        return run.probes.map((probe) => ({
          scenario: run.scenario,
          strategy: run.strategy,
          window: run.window,
          probe: probe.id,
          verdict: probe.verdict,
        }));
      });
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

const { scenarios, write, against } = commandLine();
const before = against === undefined ? undefined : await baseline(against);
const lines = await matrixVerdicts(scenarios);
for (const window of WINDOWS) {
  const counts = verdictCounts(lines.filter((line) => line.window === window));
  console.log(`${window}: ${counts.correct} correct, ${counts.wrong} wrong, ${counts.abstained} abstained`);
}
const total = verdictCounts(lines);
console.log(
  `all: ${total.correct} correct, ${total.wrong} wrong, ${total.abstained} abstained (${lines.length} probe runs)`,
);
if (write !== undefined) await writeFile(write, formatVerdicts(lines));
if (before !== undefined) {
  // Only the scenarios run are compared: a list of the whole matrix serves for a part of it.
  const changes = verdictChanges(
    before.filter((line) => scenarios.includes(line.scenario)),
    lines,
  );
  if (changes.length === 0) console.log(`against ${against}: no verdict changed`);
  else {
    console.log(
      `against ${against}: ${changes.length} ${changes.length === 1 ? 'verdict' : 'verdicts'} changed`,
    );
    for (const [kind, count] of changeTally(changes)) console.log(`  ${count} ${kind}`);
    for (const { place, before: was, after: now } of changes) {
      console.log(`  ${place.replaceAll('\t', ' ')}: ${was ?? '(none)'} -> ${now ?? '(none)'}`);
    }
    process.exitCode = 1;
  }
}
