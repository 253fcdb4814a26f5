/**
 * Runs one scenario once: a fresh workspace, the engine with the strategy's settings and the model,
 * every step in order, each probe scored from its reply. Returns the run record and the run's files
 * (audit events, requests, the store); a failure is a record with status `failed`, never a throw.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  Conversation,
  currentDateTool,
  editFileTool,
  errorCode,
  loadKinds,
  memorySink,
  readFileTool,
  type Tool,
  sequentialIds,
  steppingClock,
  toError,
  tokensForBytes,
  type AuditEvent,
  type AuditSink,
  type EngineSettings,
  type KindOverrides,
  type ModelCall,
  type ModelPort,
  type SavedConversation,
  type TurnBlocks,
  type TurnFigures,
} from '../../engine/index.js';
import { UsageError } from '../errors.js';
import { FileOutputStore, MemoryOutputStore } from '../recording/output-store/index.js';
import { COMMAND_TIMEOUT_MS, commandTool } from '../sandbox/command-tool.js';
import { detectSandbox, killUser, pickRunUser, removeFilesOf, type Sandbox } from '../sandbox/sandbox.js';
import { promptOf } from '../../scenarios/prompt.js';
import { expectsAbstention, type Expectation, type Scenario } from '../../scenarios/schema.js';
import { probeEvidence } from '../scoring/evidence/in-view.js';
import { deliveredOf, outcomeCells, probeOutcome } from '../scoring/outcome.js';
import {
  evidenceStepResults,
  type EvidenceCheck,
  type TurnRequest,
} from '../scoring/evidence/evidence-steps.js';
import { flattenSettings, type ResolvedStrategy } from '../../strategies/index.js';
import { verdictFor } from '../scoring/verdict.js';
import { FsWorkspace, type WorkspacePool } from '../sandbox/fs-workspace.js';
import { instructionsFor } from '../steps/instructions.js';
import {
  gapsBetween,
  type AssessmentRecord,
  type CallTiming,
  type ModelStretch,
  type ProbeResult,
  type RunRecord,
  type TurnRecord,
} from '../../records/run-record.js';
import { isServerModel } from '../models/server-model.js';

/** A scenario and the folder its workspace path is relative to. */
export interface ScenarioSource {
  scenario: Scenario;
  dir: string;
}

export interface RunSpec {
  scenario: ScenarioSource;
  strategy: ResolvedStrategy;
  model: string;
  window: number;
  run: number;
}

/** How a run's commands are run: their time limit and their sandbox. */
export interface CommandOptions {
  /** The time limit of one command, in milliseconds. */
  timeoutMs: number;
  sandbox: Sandbox;
}

export interface RunPlace {
  /** The run's own folder: held-back tool output is kept under it. Without one, in memory. */
  runDir?: string;
  /** How commands run; without it, the sandbox this machine allows (detected) and the default limit. */
  commands?: CommandOptions;
  /** Aborts the model call in progress when it fires; the run is recorded as failed. */
  signal?: AbortSignal;
  /**
   * Where the run takes its workspace from and gives it back, so that a later run can use it again
   * when this one changed nothing; without it, a new copy, removed at the end.
   */
  workspaces?: WorkspacePool;
}

/** One line of requests.jsonl: a model call of any purpose, numbered from 1 in the order made. */
export type CallRecord = ModelCall & { call: number };

/** The run's model calls and audit events in the one order they happened. */
export type TimelineItem = { kind: 'call'; call: CallRecord } | { kind: 'event'; event: AuditEvent };

/** The files a run leaves in its folder, as JSON-ready values. */
export interface RunFiles {
  audit: AuditEvent[];
  /** Every model call: turns, distillations and summaries. */
  requests: CallRecord[];
  /** Calls and events interleaved in the order they happened. */
  timeline: TimelineItem[];
  store: { version: number; entries: readonly object[] };
  /**
   * Files the run saved under transcripts/, by path relative to the run's folder: the context before
   * and after each condensation (`{ version, messages }`), and each `save` step's transcript
   * (`<name>.json`) and store sidecar (`<name>.store`).
   */
  transcripts: Map<string, unknown>;
  /**
   * The prompt-side blocks each turn's latest request carried, kept in memory (not written): with the
   * store they rebuild any turn's context as it was sent.
   */
  blocks?: { turn: number; blocks: TurnBlocks }[];
}

export interface RunOutcome {
  record: RunRecord;
  files: RunFiles;
}

/**
 * Builds the model for a run; the runner owns the registry. A model behind a server is opened
 * asynchronously (its server is asked about it first); what it throws fails the run, not the matrix.
 */
export type ModelFactory = (
  name: string,
  window: number,
  scenario: Scenario,
) => ModelPort | Promise<ModelPort>;

/** Scenario time starts here on every run, so runs are reproducible. */
export const SCENARIO_EPOCH = Date.UTC(2026, 8, 29, 9, 0, 0);

/** A run's id: stable for the same scenario, strategy, model, window and run number. */
export function runId(
  spec: Pick<RunSpec, 'strategy' | 'model' | 'window' | 'run'> & { scenario: string },
): string {
  const raw = `${spec.scenario}.${spec.strategy.name}.${spec.model}.w${spec.window}.r${spec.run}`;
  return raw.replace(/[^A-Za-z0-9._+-]/g, '_');
}

/** The assessment's figures over every conversation of the run, or null when it was off. */
function assessmentOf(conversations: readonly Conversation[]): AssessmentRecord | null {
  const all = conversations.map((c) => c.assessment).filter((a) => a !== null);
  if (all.length === 0) return null;
  const sum = (pick: (a: (typeof all)[number]) => number) => all.reduce((n, a) => n + pick(a), 0);
  return {
    assessed: sum((a) => a.assessed),
    rulesSettled: sum((a) => a.rulesSettled),
    calls: sum((a) => a.calls),
    callMs: round(sum((a) => a.callMs)),
    fallbacks: sum((a) => a.fallbacks),
    misses: sum((a) => a.misses),
    taskChanges: sum((a) => a.taskChanges),
  };
}

/** Tool-definition tokens over every turn request, and their mean per request. */
function toolTokensOf(turns: readonly TurnFigures[]): RunRecord['toolTokens'] {
  const requests = turns.flatMap((t) => t.requests);
  const total = requests.reduce((n, r) => n + r.toolTokens, 0);
  return { total, perRequest: requests.length === 0 ? 0 : round(total / requests.length) };
}

function turnRecord(figures: TurnFigures): TurnRecord {
  return {
    turn: figures.turn,
    status: figures.status,
    requests: figures.requests.length,
    estimated: figures.requests.map((r) => r.estimated),
    reported: figures.requests.map((r) => r.reported),
    counted: figures.requests.map((r) => r.counted),
    newSessions: figures.requests.filter((r) => r.fresh).length,
    toolCalls: figures.toolCalls,
    condensations: figures.condensations,
    heldBack: figures.heldBack,
    referenceBytesSaved: figures.saved.referenceBytes,
    cutBytesSaved: figures.saved.cutBytes,
    modelMs: round(figures.modelMs),
    toolMs: round(figures.toolMs),
    engineMs: round(figures.engineMs),
  };
}

/**
 * Checks that every fact step names a subject kind the settings know, so a run never stops halfway
 * on a fact it cannot record. Throws a UsageError naming the scenario, the step and the kinds.
 */
export function checkFactSubjects(scenario: Scenario, settings: EngineSettings): void {
  if (!settings.facts.enabled) return;
  const kinds = loadKinds(settings.facts.kinds as KindOverrides);
  scenario.steps.forEach((step, index) => {
    if (!('fact' in step) || kinds.has(step.fact.subject)) return;
    throw new UsageError(
      `scenario ${scenario.name}: step ${index + 1} (fact): subject "${step.fact.subject}" is no subject kind; ` +
        `the kinds are ${[...kinds.keys()].join(', ')}`,
    );
  });
}

/** Bytes and estimated tokens that references and cuts took out of what later requests carried. */
function savedBy(turns: readonly TurnFigures[]): RunRecord['saved'] {
  const sum = (pick: (t: TurnFigures) => number) => turns.reduce((n, t) => n + pick(t), 0);
  const referenceBytes = sum((t) => t.saved.referenceBytes);
  const cutBytes = sum((t) => t.saved.cutBytes);
  return {
    references: {
      count: sum((t) => t.saved.references),
      bytes: referenceBytes,
      tokens: tokensForBytes(referenceBytes),
    },
    cuts: { count: sum((t) => t.saved.cuts), bytes: cutBytes, tokens: tokensForBytes(cutBytes) },
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** The calls whose runtime reported its own duration, split into its time and the harness's. */
function callTiming(requests: readonly CallRecord[]): CallTiming | null {
  const split = requests.flatMap((call) => {
    const serverMs = call.response?.serverMs;
    return serverMs === undefined ? [] : [{ serverMs, harnessMs: Math.max(0, call.durationMs - serverMs) }];
  });
  if (split.length === 0) return null;
  const harness = split.map((c) => c.harnessMs).sort((a, b) => a - b);
  const middle = Math.floor(harness.length / 2);
  const median =
    harness.length % 2 === 1
      ? (harness[middle] ?? 0)
      : ((harness[middle - 1] ?? 0) + (harness[middle] ?? 0)) / 2;
  return {
    count: split.length,
    serverMs: round(split.reduce((n, c) => n + c.serverMs, 0)),
    harnessMs: round(harness.reduce((n, ms) => n + ms, 0)),
    harnessMedianMs: Math.round(median * 1000) / 1000,
  };
}

/** The turn requests among a run's model calls, in the order made. */
function turnRequests(requests: readonly CallRecord[]): TurnRequest[] {
  return requests.flatMap((call) =>
    call.purpose === 'turn' && call.kind === 'respond'
      ? [{ turn: call.turn, messages: call.request.messages }]
      : [],
  );
}

/** The probe's record: its verdict, its evidence in the first turn request of its turn, its cell. */
function probeResult(
  step: { ask: string; id: string; expect: Expectation },
  figures: TurnFigures,
  calls: readonly CallRecord[],
): ProbeResult {
  const reply = figures.reply ?? '';
  const verdict = verdictFor(reply, step.expect);
  const expects = expectsAbstention(step.expect) ? 'abstention' : 'answer';
  const asked = turnRequests(calls).filter((r) => r.turn === figures.turn);
  const evidence = probeEvidence(
    asked.map((r) => r.messages),
    step.expect,
    step.ask,
  );
  return {
    id: step.id,
    turn: figures.turn,
    question: step.ask,
    reply,
    verdict,
    expects,
    evidence,
    outcome: probeOutcome(expects, verdict, evidence),
  };
}

/**
 * The model a switch step opens in a run on `runModel`: the one it names, except in a scripted run,
 * where the script holds every reply of the conversation whatever model a step names, so the switch
 * opens the scripted model again (over the steps after it): the window, the budget and the session
 * still change, and the run stays offline and exact.
 */
export function modelAfterSwitch(runModel: string, named: string): string {
  return runModel === 'scripted' ? 'scripted' : named;
}

/** A model the run went on with: from the run's start or a switch step, and from which turn figure. */
interface OpenStretch {
  name: string;
  model: ModelPort;
  window: number | null;
  step: number | null;
  /** How many turns had run before it took over. */
  from: number;
}

/** Which models ran which turns, once a switch step has run; undefined when none did. */
function stretchesOf(
  stretches: readonly OpenStretch[],
  turns: readonly TurnFigures[],
): ModelStretch[] | undefined {
  if (stretches.length < 2) return undefined;
  return stretches.map((stretch, i) => {
    const ran = turns.slice(stretch.from, stretches[i + 1]?.from ?? turns.length);
    const first = ran[0];
    const last = ran.at(-1);
    return {
      model: stretch.name,
      window: stretch.window,
      step: stretch.step,
      turns: first && last ? { first: first.turn, last: last.turn } : null,
      ...(isServerModel(stretch.model) ? { backend: stretch.model.backendRecord() } : {}),
    };
  });
}

/** Runs one scenario with one strategy, model and window. */
export async function runScenario(
  spec: RunSpec,
  createModel: ModelFactory,
  place: RunPlace = {},
): Promise<RunOutcome> {
  const started = performance.now();
  const { scenario, dir } = spec.scenario;
  const id = runId({ ...spec, scenario: scenario.name });
  const requests: CallRecord[] = [];
  const timeline: TimelineItem[] = [];
  const events = memorySink();
  const sink: AuditSink = {
    write: (event) => {
      events.write(event);
      timeline.push({ kind: 'event', event });
    },
  };
  const probes: ProbeResult[] = [];
  const checks: EvidenceCheck[] = [];
  const transcripts = new Map<string, unknown>();
  let error: RunRecord['error'] = null;
  const conversations: Conversation[] = [];
  const stretches: OpenStretch[] = [];
  let model: ModelPort | null = null;
  const commands = place.commands ?? {
    timeoutMs: COMMAND_TIMEOUT_MS,
    sandbox: await detectSandbox(process.env),
  };
  let workspace: FsWorkspace | undefined;
  // As root, the run's commands get a user id of their own, which owns the run's workspace: picked at
  // the first command, since picking one and looking afterwards for what it left scan /proc and /tmp.
  let uid: number | undefined;
  let picking: Promise<number> | undefined;
  const user =
    commands.sandbox.root && commands.sandbox.kind !== 'none'
      ? () =>
          (picking ??= pickRunUser().then(async (picked) => {
            uid = picked;
            await workspace?.giveTo(picked);
            return picked;
          }))
      : undefined;
  try {
    const template = scenario.workspace ? join(dir, scenario.workspace) : undefined;
    workspace = await (place.workspaces ? place.workspaces.take(template) : FsWorkspace.fresh(template));
    const inWorkspace = workspace;
    const opened = await createModel(spec.model, spec.window, scenario);
    model = opened;
    const clock = steppingClock(SCENARIO_EPOCH, 1000, () => performance.now());
    const outputStore = place.runDir
      ? new FileOutputStore(join(place.runDir, 'outputs'))
      : new MemoryOutputStore();
    const tools = [
      readFileTool(inWorkspace),
      editFileTool(inWorkspace),
      commandTool({
        cwd: workspace.root,
        store: outputStore,
        timeoutMs: commands.timeoutMs,
        sandbox: commands.sandbox,
        ...(user ? { user } : {}),
        ...(scenario.commands ? { scripted: scenario.commands } : {}),
      }),
      currentDateTool(clock),
    ].map((tool): Tool => {
      // A tool that may change things (a command, an edit) leaves the workspace changed once run.
      if (tool.readOnly) return tool;
      return {
        spec: tool.spec,
        readOnly: false,
        run: (args, context) => {
          inWorkspace.markChanged();
          return tool.run(args, context);
        },
      };
    });
    const ids = sequentialIds();
    const saves = new Map<string, SavedConversation>();
    let current = opened;
    // A resume is a new conversation over the same model, clock, ids, audit and files.
    const begin = (resume?: SavedConversation) =>
      new Conversation({
        model: current,
        clock,
        ids,
        audit: sink,
        auditReader: events,
        outputStore,
        tools,
        saveTranscript: (name, messages) => {
          const file = `transcripts/${name}.json`;
          transcripts.set(file, { version: 1, messages });
          return file;
        },
        settings: spec.strategy.settings,
        instructions: instructionsFor(scenario.instructions),
        onCall: (call) => {
          const record: CallRecord = { call: requests.length + 1, ...call };
          requests.push(record);
          timeline.push({ kind: 'call', call: record });
        },
        ...(resume ? { resume } : {}),
        ...(place.signal ? { signal: place.signal } : {}),
      });
    let conversation = begin();
    conversations.push(conversation);
    stretches.push({ name: spec.model, model: opened, window: conversation.window, step: null, from: 0 });
    for (const [index, step] of scenario.steps.entries()) {
      if (step.evidence) {
        const fromRequest = turnRequests(requests).length;
        checks.push({ ...step.evidence, step: index + 1, fromRequest });
      }
      const callsBefore = requests.length;
      if ('save' in step) {
        const files = conversation.save();
        saves.set(step.save, { name: step.save, ...files });
        transcripts.set(`transcripts/${step.save}.json`, JSON.parse(files.transcript));
        transcripts.set(`transcripts/${step.save}.store`, JSON.parse(files.sidecar));
        continue;
      }
      if ('resume' in step) {
        const saved = saves.get(step.resume);
        if (!saved) throw new UsageError(`scenario ${scenario.name}: nothing was saved as '${step.resume}'`);
        conversation = begin(saved);
        conversations.push(conversation);
        continue;
      }
      if ('command' in step) {
        await conversation.personCommand(step.command);
        continue;
      }
      if ('model' in step) {
        const name = modelAfterSwitch(spec.model, step.model);
        // The model sees the scenario from the step after the switch: a scripted model replays the
        // rest of the script from there.
        const rest = { ...scenario, steps: scenario.steps.slice(index + 1) };
        current = await createModel(name, step.window ?? spec.window, rest);
        conversation.switchModel(current);
        const from = conversations.reduce((n, c) => n + c.turns.length, 0);
        stretches.push({ name, model: current, window: conversation.window, step: index + 1, from });
        continue;
      }
      const figures = await conversation.turn(promptOf(step));
      if ('fact' in step) conversation.statePersonFact(step.fact.subject, step.fact.name, step.fact.value);
      if ('task' in step) conversation.statePersonFact('task', 'task', step.task);
      if ('ask' in step) probes.push(probeResult(step, figures, requests.slice(callsBefore)));
      if (figures.status === 'failed' && figures.error) {
        error = { ...figures.error, turn: figures.turn };
        break;
      }
    }
  } catch (thrown) {
    error = { code: errorCode(thrown), message: toError(thrown).message, turn: null };
  } finally {
    if (uid !== undefined) {
      await killUser(uid);
      if (commands.sandbox.kind === 'user') await removeFilesOf(uid);
    }
    if (workspace && place.workspaces) await place.workspaces.give(workspace);
    else await workspace?.dispose();
  }
  const turns = conversations.flatMap((c) => c.turns);
  const condensations = conversations.flatMap((c) => c.condensations);
  const sessionsStarted = conversations.reduce((n, c) => n + c.sessionsStarted, 0);
  const last = conversations.at(-1);
  const totalProbes = scenario.steps.filter((s) => 'ask' in s).length;
  const answerProbes = scenario.steps.filter((s) => 'ask' in s && !expectsAbstention(s.expect)).length;
  const count = (v: string) => probes.filter((p) => p.verdict === v).length;
  const modelMs = turns.reduce((n, t) => n + t.modelMs, 0);
  const engineMs = turns.reduce((n, t) => n + t.engineMs, 0);
  const toolMs = turns.reduce((n, t) => n + t.toolMs, 0);
  const assessment = assessmentOf(conversations);
  const calls = callTiming(requests);
  const models = stretchesOf(stretches, turns);
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
    score: {
      correct: count('correct'),
      wrong: count('wrong'),
      abstained: count('abstained'),
      total: totalProbes,
    },
    delivered: deliveredOf(probes, answerProbes),
    outcomes: outcomeCells(probes),
    evidenceSteps: evidenceStepResults(checks, turnRequests(requests)),
    probes,
    turns: turns.length,
    condensations: condensations.map(({ event: _event, ...c }) => c),
    gaps: gapsBetween(condensations.map((c) => c.turn)),
    modelCalls: {
      turn: turns.reduce((n, t) => n + t.requests.length, 0),
      distil: conversations.reduce((n, c) => n + (c.facts?.distilCalls ?? 0), 0),
      summary: conversations.reduce((n, c) => n + (c.facts?.summaryCalls ?? 0), 0),
      assessment: assessment?.calls ?? 0,
    },
    retries: {
      overflow: turns.reduce((n, t) => n + t.overflowRetries, 0),
      tools: turns.reduce((n, t) => n + t.toolRetries, 0),
    },
    assessment,
    toolTokens: toolTokensOf(turns),
    truncated: requests.filter((call) => call.truncated).length,
    sessions: {
      started: sessionsStarted,
      new: Math.max(0, sessionsStarted - 1),
    },
    saved: savedBy(turns),
    outputsHeldBack: turns.reduce((n, t) => n + t.heldBack, 0),
    timing: {
      totalMs: round(performance.now() - started),
      modelMs: round(modelMs),
      engineMs: round(engineMs),
      toolMs: round(toolMs),
      ...(calls ? { calls } : {}),
    },
    perTurn: turns.map(turnRecord),
    ...(models ? { models } : {}),
    ...(model && isServerModel(model) ? { backend: model.backendRecord() } : {}),
  };
  const store = { version: 1, entries: last?.store.all() ?? [] };
  const blocks = conversations.flatMap((c) =>
    c.turns.map(({ turn }) => ({ turn, blocks: c.blocksAt(turn) ?? {} })),
  );
  return { record, files: { audit: events.events, requests, timeline, store, transcripts, blocks } };
}
