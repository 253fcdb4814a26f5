/**
 * Runs one scenario once: a fresh workspace, the engine with the strategy's settings and the model,
 * every step in order, each probe scored from its reply. Returns the run record and the run's files
 * (audit events, requests, the store); a failure is a record with status `failed`, never a throw.
 *
 * Each part has its folder: the sandbox sets up the workspace and tools, the step interpreter runs the
 * steps, scoring scores what was asked, and the metrics measure the rest of the record.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { steppingClock, toError, type ModelPort } from '../../engine/index.js';
import { errorCode } from '../errors.js';
import type { RunOutcome } from '../../records/run-outcome.js';
import type { RunRecord } from '../../records/run-record.js';
import { workspaceRoot } from '../../scenarios/workspace-folder.js';
import { flattenSettings } from '../../strategies/index.js';
import { measureRun } from '../metrics/run-metrics.js';
import type { ModelFactory, RunContext } from '../models/model-factory.js';
import { replayOutcome } from '../models/replay/index.js';
import { FileOutputStore, MemoryOutputStore } from '../recording/output-store/index.js';
import { commandOptionsOr, RunSandbox } from '../sandbox/run-sandbox.js';
import { scoreRun } from '../scoring/run-score.js';
import { interpretSteps } from '../steps/interpret-steps.js';
import { StepLog } from '../steps/step-log.js';
import { unreadFiles } from './unread-files.js';
import { runId, SCENARIO_EPOCH, type RunPlace, type RunSpec } from './run-spec.js';

/** Runs one scenario with one strategy, model and window. */
export async function runScenario(
  spec: RunSpec,
  createModel: ModelFactory,
  place: RunPlace = {},
): Promise<RunOutcome> {
  const started = performance.now();
  const { scenario, dir } = spec.scenario;
  const log = new StepLog();
  const sandbox = new RunSandbox(await commandOptionsOr(place.commands), place.workspaces);
  let error: RunRecord['error'];
  let opened: ModelPort | null = null;
  const id = runId({ ...spec, scenario: scenario.name });
  const context: RunContext = { id };
  try {
    // The project is found again for each run: containment is checked when the copy is made.
    if (scenario.workspace === undefined) await sandbox.open(undefined);
    else await sandbox.open(join(dir, scenario.workspace), await workspaceRoot(dir));
    opened = await createModel(spec.model, spec.window, scenario, context);
    const clock = steppingClock(SCENARIO_EPOCH, 1000, () => performance.now());
    const outputStore = place.runDir
      ? new FileOutputStore(join(place.runDir, 'outputs'))
      : new MemoryOutputStore();
    const tools = sandbox.tools({ clock, store: outputStore, scripted: scenario.commands });
    error = await interpretSteps(
      {
        scenario,
        strategy: spec.strategy,
        model: spec.model,
        window: spec.window,
        opened,
        createModel,
        run: context,
        clock,
        outputStore,
        tools,
        signal: place.signal,
      },
      log,
    );
  } catch (thrown) {
    error = { code: errorCode(thrown), message: toError(thrown).message, turn: null };
  } finally {
    await sandbox.close();
  }
  const replay = context.replay ? replayOutcome(context.replay) : null;
  if (replay)
    error = { code: replay.code, message: replay.message, turn: replay.turn ?? error?.turn ?? null };
  const record: RunRecord = {
    version: 1,
    id,
    scenario: scenario.name,
    strategy: spec.strategy.name,
    model: spec.model,
    window: spec.window,
    run: spec.run,
    settings: flattenSettings(spec.strategy.settings),
    status: error ? 'failed' : 'completed',
    error,
    ...scoreRun(scenario, log.asked, log.checks, log.requests),
    ...measureRun({
      conversations: log.conversations,
      requests: log.requests,
      stretches: log.stretches,
      opened,
      totalMs: performance.now() - started,
    }),
  };
  if (context.replay) markReplayed(record, log.requests, replay);
  if (context.cache) record.cache = { ...context.cache };
  if (error === null) {
    const unread = await unreadFiles(scenario, dir, log.events.events);
    if (unread.length > 0) record.unreadFiles = unread;
  }
  const store = { version: 1, entries: log.conversations.at(-1)?.store.all() ?? [] };
  const blocks = log.conversations.flatMap((c) =>
    c.turns.map(({ turn }) => ({ turn, blocks: c.blocksAt(turn) ?? {} })),
  );
  const { events, requests, timeline, transcripts } = log;
  return { record, files: { audit: events.events, requests, timeline, store, transcripts, blocks } };
}

/**
 * Marks a replayed run's record: `replayed`, no time in the model (the calls took none: their time,
 * what little the port took, counts as the engine's), and the replay's failure when it had one.
 */
function markReplayed(
  record: RunRecord,
  calls: { durationMs: number }[],
  failure: ReturnType<typeof replayOutcome>,
): void {
  record.replayed = true;
  if (failure) {
    const { call, turn, purpose, first, diff } = failure;
    record.replayMismatch = { call, turn, purpose, first, diff };
  }
  const { calls: _serverTimes, ...timing } = record.timing;
  record.timing = { ...timing, engineMs: timing.engineMs + timing.modelMs, modelMs: 0 };
  for (const turn of record.perTurn) {
    turn.engineMs += turn.modelMs;
    turn.modelMs = 0;
  }
  for (const call of calls) call.durationMs = 0;
}
