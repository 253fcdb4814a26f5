/**
 * `wisp-eval snapshots check|record|diff`: the equivalence gate. `check` exits 1 when any run's
 * snapshot differs, is missing or is stale; `record` rewrites them; `diff --against REF` shows what
 * the working tree changes against another commit, and exits 0.
 */
import { UsageError } from '../../errors.js';
import { checkPassed, checkSnapshots, type CheckReport, type RunCheck } from '../../gate/check.js';
import { diffAgainst, type RunChange } from '../../gate/diff-against.js';
import { SNAPSHOTS_DIR } from '../../gate/folder.js';
import { recordSnapshots, type RecordOptions } from '../../gate/record.js';
import { DEFAULT_TIMEOUT_MS, serverModelFactory } from '../../models/index.js';
import type { RunFilter } from '../../gate/select.js';
import type { CliIO } from '../io.js';
import { join } from 'node:path';

export interface SnapshotsArgs {
  action: 'check' | 'record' | 'diff';
  scenario: string[];
  strategy: string[];
  out?: string;
  against?: string;
  /** check: also make each run on its model and compare. */
  live?: boolean;
  /** record: record the chosen runs on this model instead, as manifest runs of their own. */
  model?: string;
  /** The Ollama server of an ollama: model (record --model, check --live). */
  host?: string;
  /** The OpenAI-compatible server of an openai: model. */
  baseUrl?: string;
}

const RECORD_HINT = 'run `wisp-eval snapshots record`';

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

export async function snapshotsCommand(
  args: SnapshotsArgs,
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  if (args.against !== undefined && args.action !== 'diff')
    throw new UsageError('--against goes with snapshots diff');
  if (args.out !== undefined && args.action !== 'record')
    throw new UsageError('--out goes with snapshots record');
  if (args.live === true && args.action !== 'check') throw new UsageError('--live goes with snapshots check');
  if (args.model !== undefined && args.action !== 'record')
    throw new UsageError('--model goes with snapshots record');
  const models = serverModelFactory({
    timeoutMs: DEFAULT_TIMEOUT_MS,
    env,
    ...(args.host !== undefined ? { host: args.host } : {}),
    ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}),
  });
  const filter: RunFilter = { scenarios: args.scenario, strategies: args.strategy };
  switch (args.action) {
    case 'check':
      return printCheck(
        await checkSnapshots(SNAPSHOTS_DIR, filter, { live: args.live === true, models }),
        io,
      );
    case 'record':
      return printRecord(
        {
          models,
          ...(args.out !== undefined ? { outDir: args.out } : {}),
          ...(args.model !== undefined ? { model: args.model } : {}),
        },
        filter,
        io,
      );
    case 'diff': {
      if (args.against === undefined)
        throw new UsageError('snapshots diff needs --against REF (a commit, branch or tag)');
      return printDiff(args.against, await diffAgainst(args.against, SNAPSHOTS_DIR, filter), io);
    }
  }
}

function printRun(io: CliIO, check: RunCheck, dir: string): void {
  const path = join(dir, check.run.file);
  const about = `${check.run.where} (${check.run.scenario}, ${check.run.strategy.name}, ${check.run.model}, ${check.run.window})`;
  switch (check.state) {
    case 'match':
      return;
    case 'missing':
      io.out(`${check.run.id}: missing: ${path} was never recorded for ${about}; ${RECORD_HINT}`);
      return;
    case 'old-version': {
      const version =
        check.version === null ? 'no snapshot format' : `snapshot format version ${check.version}`;
      io.out(
        `${check.run.id}: ${path} is in ${version}, and this wisp-eval reads version 1; re-record it: ${RECORD_HINT}`,
      );
      return;
    }
    case 'differs':
      io.out(
        check.mode === 'live'
          ? `${check.run.id}: made live on ${check.run.model}, differs from ${path}: the model no longer answers as recorded`
          : `${check.run.id}: differs from ${path}`,
      );
      io.out(`covers: ${check.run.why}`);
      io.out(`first difference: ${check.first}`);
      io.out(requestLine(check.request));
      for (const line of check.diff) io.out(line);
      io.out('');
  }
}

function printCheck(report: CheckReport, io: CliIO): number {
  for (const check of report.runs) printRun(io, check, report.dir);
  for (const file of report.stale) {
    io.out(
      `${join(report.dir, file)}: stale: no run of ${report.manifest.file} records into it; ${RECORD_HINT} to remove it`,
    );
  }
  const replayed = report.runs.filter((r) => r.mode === 'replayed');
  const compared = replayed.flatMap((r) => (r.state === 'match' || r.state === 'differs' ? [r] : []));
  const calls = compared.reduce((n, r) => n + r.calls, 0);
  const events = compared.reduce((n, r) => n + r.events, 0);
  const live = report.runs.some((r) => r.mode === 'live') ? ', replayed and live' : '';
  const head = `snapshots: ${count(replayed.length, 'run')}, ${count(calls, 'model call')}, ${count(events, 'event')}${live}`;
  if (checkPassed(report)) {
    io.out(`${head}: all match`);
    return 0;
  }
  const tally = (state: RunCheck['state'], mode: RunCheck['mode'] = 'replayed') =>
    report.runs.filter((r) => r.state === state && r.mode === mode).length;
  const problems = [
    `${tally('differs')} ${tally('differs') === 1 ? 'differs' : 'differ'}`,
    `${tally('differs', 'live')} ${tally('differs', 'live') === 1 ? 'differs' : 'differ'} live`,
    `${tally('missing')} missing`,
    `${tally('old-version')} in an old format`,
    `${report.stale.length} stale`,
  ].filter((p) => !p.startsWith('0 '));
  io.out(`${head}: ${problems.join(', ')}`);
  io.out(
    'If the change is meant to alter what the model receives, ' +
      `${RECORD_HINT}, review \`git diff ${report.dir}/\` and commit the snapshots with the change; ` +
      'if not, the first difference above is where the code changed it (see snapshots/README.md).',
  );
  return 1;
}

async function printRecord(options: RecordOptions, filter: RunFilter, io: CliIO): Promise<number> {
  const report = await recordSnapshots(SNAPSHOTS_DIR, filter, options);
  for (const where of report.added)
    io.out(`${SNAPSHOTS_DIR}/manifest.json: ${where} added (the run on ${options.model})`);
  for (const r of report.runs) {
    io.out(`${r.path}: ${r.state} (${count(r.calls, 'model call')}, ${count(r.events, 'event')})`);
  }
  for (const path of report.removed) io.out(`${path}: removed (no manifest run records into it)`);
  const changed = report.runs.filter((r) => r.state !== 'unchanged').length;
  io.out(
    `snapshots: ${count(report.runs.length, 'run')} recorded, ${changed} new or changed, ${report.removed.length} removed`,
  );
  return 0;
}

function printDiff(ref: string, changes: readonly RunChange[], io: CliIO): number {
  for (const change of changes) {
    if (change.state === 'changed') {
      io.out(`${change.id}: changed`);
      io.out(`first difference: ${change.first}`);
      io.out(requestLine(change.request));
      for (const line of change.diff) io.out(line);
      io.out('');
    } else {
      const said = {
        unchanged: 'unchanged',
        'only-ref': `only in ${ref}`,
        'only-tree': 'only in the working tree',
      };
      io.out(`${change.id}: ${said[change.state]}`);
    }
  }
  const changed = changes.filter((c) => c.state !== 'unchanged').length;
  io.out(
    `snapshots diff against ${ref}: ${count(changes.length, 'run')}, ${changed} changed or on one side only`,
  );
  return 0;
}

/** Whether what the model receives changed, and where first. */
function requestLine(request: string | null): string {
  return request === null
    ? 'requests: every model call received exactly what it received before'
    : `first request that differs: ${request}`;
}
