/**
 * The matchers for a run as a whole, as plain functions of what `describeScenario` hands `onRun` (or a
 * bare run record): each gives `pass` and a message that says what the run did, for the test that
 * fails and for its `.not`. `wisp-eval/vitest/matchers` registers them with vitest's `expect`.
 */
import { join } from 'node:path';
import { loadCalls } from '../../records/requests-file.js';
import type { ProbeResult, RunRecord } from '../../records/run-record.js';
import { flattenSettings } from '../../strategies/index.js';
import { firstRequestDifference } from '../gate/first-difference.js';
import { readSnapshot, SNAPSHOTS_DIR } from '../gate/folder.js';
import { loadManifest, type ManifestRun } from '../gate/manifest.js';
import { SnapshotRecording } from '../gate/recorded-answers.js';
import { renderSnapshot } from '../gate/snapshot-format.js';
import { builtinOrNull } from '../models/index.js';
import { replayFactory, requestJson } from '../models/replay/index.js';
import { firstRequestPart } from '../models/replay/request-text.js';
import { runScenario } from '../run/run-scenario.js';
import { UsageError } from '../errors.js';
import type { ScenarioRun } from './scenario-runs.js';

/** What a matcher gives vitest. */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** A figure `toScoreAtLeast` bounds from below: probes right, or probes whose evidence was in view. */
export type ScoreFloor = Partial<Record<'correct' | 'delivered', number>>;

/** The record of what a matcher was given, or null when it is neither a run nor a run record. */
function recordOf(received: unknown): RunRecord | null {
  if (typeof received !== 'object' || received === null) return null;
  if ('record' in received) return recordOf(received.record);
  const looks = 'id' in received && 'probes' in received && 'evidenceSteps' in received;
  return looks ? (received as RunRecord) : null;
}

function notARun(received: unknown): MatcherResult {
  const shown =
    typeof received === 'object' && received !== null ? 'an object that is not one' : String(received);
  return {
    pass: false,
    message: () => `expected a run (what describeScenario hands onRun) or a run record, got ${shown}`,
  };
}

function result(pass: boolean, ifFailed: string, ifNegatedFailed: string): MatcherResult {
  return { pass, message: () => (pass ? ifNegatedFailed : ifFailed) };
}

function probeList(probes: readonly ProbeResult[]): string {
  return probes.length === 0 ? 'none' : probes.map((p) => p.id).join(', ');
}

/** The evidence step `id` stayed in view to the end, and through its channels when it names some. */
export function toKeepEvidence(received: unknown, id: string): MatcherResult {
  const record = recordOf(received);
  if (record === null) return notARun(received);
  const step = record.evidenceSteps.find((s) => s.id === id);
  if (step === undefined) {
    const known = record.evidenceSteps.map((s) => s.id).join(', ') || 'none';
    return {
      pass: false,
      message: () => `${record.id} has no evidence step ${id}: its scenario declares ${known}`,
    };
  }
  const seen = step.channels.length > 0 ? step.channels.join(', ') : 'none';
  const last = step.lastChannels.length > 0 ? step.lastChannels.join(', ') : 'none';
  if (step.leftAt !== null)
    return result(
      false,
      `expected ${record.id} to keep evidence ${id} in view: it left the view at turn ${step.leftAt} (channels it was seen through: ${seen})`,
      '',
    );
  if (step.through !== null && !step.through.held)
    return result(
      false,
      `expected ${record.id} to keep evidence ${id} through ${step.through.expected.join(' or ')}: the last request showed it through ${last}`,
      '',
    );
  return result(
    true,
    '',
    `expected ${record.id} to lose evidence ${id}, but it stayed in view over ${step.checked} requests (last through ${last})`,
  );
}

/** The run condensed `most` times or fewer. */
export function toCondenseAtMost(received: unknown, most: number): MatcherResult {
  const record = recordOf(received);
  if (record === null) return notARun(received);
  if (!Number.isInteger(most) || most < 0)
    throw new UsageError(`toCondenseAtMost(${most}): give a whole number of condensations, 0 or more`);
  const turns = record.condensations.map((c) => c.turn);
  const said =
    turns.length === 0
      ? 'it never condensed'
      : `it condensed ${turns.length} times, before turns ${turns.join(', ')}`;
  return result(
    turns.length <= most,
    `expected ${record.id} to condense at most ${most} times: ${said}`,
    `expected ${record.id} to condense more than ${most} times: ${said}`,
  );
}

/** No probe was answered right without its evidence in view (the honesty alarm). */
export function toHaveNoAlarm(received: unknown): MatcherResult {
  const record = recordOf(received);
  if (record === null) return notARun(received);
  const alarmed = record.probes.filter((p) => p.outcome === 'not-delivered-correct');
  return result(
    alarmed.length === 0,
    `expected ${record.id} to raise no alarm: ${alarmed.length} probes were answered right with no evidence in view (${probeList(alarmed)})`,
    `expected ${record.id} to raise the alarm, but every right answer had its evidence in view`,
  );
}

/** At least so many probes right (`correct`), or with their evidence in view (`delivered`). */
export function toScoreAtLeast(received: unknown, floor: ScoreFloor): MatcherResult {
  const record = recordOf(received);
  if (record === null) return notARun(received);
  const known = ['correct', 'delivered'];
  const given = Object.keys(floor);
  const unknown = given.filter((key) => !known.includes(key));
  if (given.length === 0 || unknown.length > 0)
    throw new UsageError(
      `toScoreAtLeast: give { correct: N } and/or { delivered: N }${unknown.length > 0 ? `, not ${unknown.join(', ')}` : ''}`,
    );
  const figures = { correct: record.score.correct, delivered: record.delivered.inView };
  const totals = { correct: record.score.total, delivered: record.delivered.total };
  const short = (Object.entries(floor) as [keyof ScoreFloor, number][]).filter(
    ([key, n]) => figures[key] < n,
  );
  const scored = `${figures.correct}/${totals.correct} correct, ${figures.delivered}/${totals.delivered} delivered`;
  const wrong = record.probes.filter((p) => p.verdict === 'wrong');
  const abstained = record.probes.filter((p) => p.verdict === 'abstained');
  const detail = `wrong: ${probeList(wrong)}; abstained: ${probeList(abstained)}`;
  const wanted = Object.entries(floor)
    .map(([key, n]) => `${n} ${key}`)
    .join(' and ');
  return result(
    short.length === 0,
    `expected ${record.id} to score at least ${wanted}: it scored ${scored} (${detail})`,
    `expected ${record.id} to score under ${wanted}: it scored ${scored}`,
  );
}

function isScenarioRun(received: unknown): received is ScenarioRun {
  return (
    typeof received === 'object' &&
    received !== null &&
    'dir' in received &&
    typeof received.dir === 'string' &&
    recordOf(received) !== null
  );
}

/** Where the snapshot's run and the run differ: scenario, strategy, settings, model or window. */
function cellDifference(record: RunRecord, snap: ManifestRun): string | null {
  const settings = (values: Record<string, unknown>) =>
    JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)));
  const pairs: [string, unknown, unknown][] = [
    ['scenario', record.scenario, snap.loaded.scenario.name],
    ['strategy', record.strategy, snap.strategy.name],
    ['model', record.model, snap.model],
    ['window', record.window, snap.window],
  ];
  for (const [name, ours, theirs] of pairs) {
    if (ours !== theirs) return `its ${name} is ${String(ours)}, the snapshot's ${String(theirs)}`;
  }
  if (settings(record.settings) !== settings(flattenSettings(snap.strategy.settings)))
    return "its strategy's settings are not the snapshot's";
  return null;
}

/**
 * The run sent the model exactly the requests the snapshot `name` (a run id of snapshots/manifest.json,
 * with or without `.snap`) records. First the snapshot is checked as `snapshots check` checks it: its
 * run is made again with every answer replayed from it, and must send what it records; then the run's
 * own requests, read back from its folder, must be those, call by call.
 */
export async function toSendSameRequestsAs(
  received: unknown,
  name: string,
  dir: string = SNAPSHOTS_DIR,
): Promise<MatcherResult> {
  if (!isScenarioRun(received)) {
    const record = recordOf(received);
    if (record === null) return notARun(received);
    return {
      pass: false,
      message: () =>
        `${record.id}: toSendSameRequestsAs reads the run's requests from its folder: give it the run describeScenario hands onRun, not the record alone`,
    };
  }
  const { record } = received;
  const manifest = await loadManifest(dir);
  const snap = manifest.runs.find((run) => run.id === name || run.file === name);
  if (snap === undefined) {
    const ids = manifest.runs.map((run) => run.id).join(', ');
    return {
      pass: false,
      message: () => `snapshot ${name}: no run of ${manifest.file} records it; its runs are ${ids}`,
    };
  }
  const path = join(dir, snap.file);
  const cell = cellDifference(record, snap);
  if (cell !== null)
    return { pass: false, message: () => `${record.id} is not the run snapshot ${snap.id} records: ${cell}` };
  const recorded = await readSnapshot(dir, snap.file);
  if (recorded === null)
    return {
      pass: false,
      message: () => `snapshot ${snap.id}: ${path} was never recorded; run \`wisp-eval snapshots record\``,
    };
  const spec = {
    scenario: snap.loaded,
    strategy: snap.strategy,
    model: snap.model,
    window: snap.window,
    run: 0,
  };
  const replayed = await runScenario(
    spec,
    replayFactory(new SnapshotRecording(path, recorded), builtinOrNull),
  );
  const engine = firstRequestDifference(recorded, renderSnapshot(replayed, snap));
  if (engine !== null)
    return {
      pass: false,
      message: () =>
        `snapshot ${snap.id} no longer matches the engine (snapshots check fails): first request that differs: ${engine}`,
    };
  const sent = await loadCalls(received.dir);
  const expected = replayed.files.requests;
  for (let i = 0; i < Math.max(sent.length, expected.length); i++) {
    const [ours, theirs] = [sent[i], expected[i]];
    const where = `call ${i + 1}${theirs ? ` (turn ${theirs.turn}, ${theirs.purpose})` : ''}`;
    if (ours === undefined || theirs === undefined) {
      const said =
        ours === undefined ? `the run made ${sent.length} calls` : `the snapshot records ${expected.length}`;
      return {
        pass: false,
        message: () => `expected ${record.id} to send what ${snap.id} records: ${where}: ${said}`,
      };
    }
    if (requestJson(ours) === requestJson(theirs)) continue;
    const part = firstRequestPart(theirs, ours) ?? 'its request';
    return {
      pass: false,
      message: () =>
        `expected ${record.id} to send what ${snap.id} records: ${where} differs first in ${part}`,
    };
  }
  return result(
    true,
    '',
    `expected ${record.id} to send other requests than ${snap.id} records, but all ${sent.length} were the same`,
  );
}
