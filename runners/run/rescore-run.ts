/**
 * Scoring a recorded run again: the scenario's steps as they are now laid against what the run did
 * (its audit log's prompts, resumes and model switches), each probe's recorded reply scored against
 * its expectation as it is now, and the evidence in view found again in the recorded turn requests.
 * No model is called. A step that differs from what the run did in anything but what is scored (a
 * probe's `expect`, a step's `evidence` check, or a scripted model's `script`, which only says what
 * that model answered, and the answers are the recorded ones) is refused, naming the step: the
 * recorded replies answered another conversation. Pure: from the scenario and the run's files.
 */
import { PERSON_COMMAND_OPENING, type AuditEvent, type ModelCall } from '../../engine/index.js';
import type { ProbeResult, RunRecord, Verdict } from '../../records/run-record.js';
import { promptOf } from '../../scenarios/prompt.js';
import type { Scenario, Step } from '../../scenarios/schema.js';
import { UsageError } from '../errors.js';
import { modelAfterSwitch } from '../steps/interpret-steps.js';
import type { EvidenceCheck } from '../scoring/evidence/evidence-steps.js';
import type { AskedProbe } from '../scoring/probe-result.js';
import { scoreRun, type RunScore } from '../scoring/run-score.js';

/** A recorded run as rescoring reads it: its record, audit log and model calls. */
export interface RecordedRunFiles {
  record: RunRecord;
  audit: readonly AuditEvent[];
  calls: readonly ModelCall[];
}

/** A probe whose verdict rescoring changed. */
export interface VerdictChange {
  probe: string;
  before: Verdict;
  after: Verdict;
}

/** A run scored again: its new record and the probes whose verdict changed, in scenario order. */
export interface RescoredRun {
  record: RunRecord;
  changed: VerdictChange[];
}

type PromptEvent = Extract<AuditEvent, { type: 'prompt' }>;

/** What the run did, in order: its person prompts and commands, its resumes, its model switches. */
interface RunTrail {
  prompts: PromptEvent[];
  resumes: string[];
  /** The model each switch step opened, by step number from 1. */
  switches: Map<number, string>;
}

function trailOf({ record, audit }: RecordedRunFiles): RunTrail {
  const prompts: PromptEvent[] = [];
  const resumes: string[] = [];
  for (const event of audit) {
    if (event.type === 'prompt') prompts.push(event);
    if (event.type === 'context.resume') resumes.push(event.name);
  }
  const switches = new Map<number, string>();
  for (const stretch of record.models ?? [])
    if (stretch.step !== null) switches.set(stretch.step, stretch.model);
  return { prompts, resumes, switches };
}

function stepKind(step: Step): string {
  for (const kind of ['say', 'ask', 'command', 'fact', 'task', 'save', 'resume', 'model'])
    if (kind in step) return kind;
  return 'step';
}

/** Where each step of the scenario met the run: the prompt event of a step the person typed. */
interface Alignment {
  /** For each step, its prompt event when it is a prompt step the run made; else null. */
  promptOf: (PromptEvent | null)[];
  /** For each step, how many person prompts (not commands) the run made before it. */
  promptsBefore: number[];
  /** The last step the run came to: the last, or, for a run that ended early, the last it made. */
  reached: number;
}

/**
 * Lays the scenario's steps against the run's trail, refusing the first step that differs. A run that
 * ended early (failed) made only some steps: the rest are not compared, and nothing of theirs is scored.
 */
function align(scenario: Scenario, files: RecordedRunFiles, trail: RunTrail): Alignment {
  const { record } = files;
  const refuse = (index: number, why: string): never => {
    const step = scenario.steps[index] as Step;
    throw new UsageError(
      `run ${record.id}: step ${index + 1} (${stepKind(step)}) of scenario ${scenario.name} ${why}; ` +
        'its recorded replies answered another conversation, so it cannot be scored again',
    );
  };
  const ended = record.status === 'failed';
  let prompt = 0;
  let resume = 0;
  let typed = 0;
  let reached = -1;
  const promptEvents: (PromptEvent | null)[] = [];
  const promptsBefore: number[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    promptsBefore.push(typed);
    promptEvents.push(null);
    const made = prompt < trail.prompts.length;
    if ('save' in step) continue;
    if ('resume' in step) {
      const name = trail.resumes[resume++];
      if (name !== undefined && name !== step.resume)
        refuse(index, `resumes '${step.resume}', the run '${name}'`);
      if (name === undefined && (made || !ended)) refuse(index, 'is new: the run resumed nothing there');
      if (name !== undefined) reached = index;
      continue;
    }
    if ('model' in step) {
      const opened = trail.switches.get(index + 1);
      const now = modelAfterSwitch(record.model, step.model);
      if (opened !== undefined && opened !== now) refuse(index, `switches to ${now}, the run to ${opened}`);
      if (opened === undefined && (made || !ended)) refuse(index, 'is new: the run switched no model there');
      if (opened !== undefined) reached = index;
      continue;
    }
    const event = trail.prompts[prompt];
    if (event === undefined) {
      if (!ended) refuse(index, 'is new: the run ended before it');
      continue;
    }
    prompt += 1;
    reached = index;
    if ('command' in step) {
      if (event.command !== true)
        refuse(index, `is a command now; the run's turn ${event.turn} was a prompt`);
      if (PERSON_COMMAND_OPENING.exec(event.text)?.[1] !== step.command)
        refuse(index, `runs \`${step.command}\`; the run ran another command at turn ${event.turn}`);
      continue;
    }
    if (event.command === true) refuse(index, `is a prompt now; the run ran a command at turn ${event.turn}`);
    if (event.text !== promptOf(step))
      refuse(
        index,
        `now says ${JSON.stringify(promptOf(step))}; the run said ${JSON.stringify(event.text)} at turn ${event.turn}`,
      );
    promptEvents[index] = event;
    typed += 1;
  }
  const extra = trail.prompts[prompt];
  if (extra !== undefined)
    refuse(scenario.steps.length - 1, `is the last step now; the run went on to turn ${extra.turn}`);
  for (const step of trail.switches.keys()) {
    const now = scenario.steps[step - 1];
    if (now === undefined || !('model' in now))
      refuse(Math.min(step, scenario.steps.length) - 1, 'switched the model in the run, and no longer does');
  }
  return { promptOf: promptEvents, promptsBefore, reached: ended ? reached : scenario.steps.length - 1 };
}

/**
 * The run's turn requests, each given to the person prompt it answered (by its place among them): a
 * resume starts turns again from its transcript's, so a turn number alone can name two prompts.
 */
function requestsByPrompt(calls: readonly ModelCall[], prompts: readonly PromptEvent[]): ModelCall[][] {
  const byPrompt: ModelCall[][] = prompts.map(() => []);
  let at = 0;
  for (const call of calls) {
    if (call.purpose !== 'turn' || call.kind !== 'respond') continue;
    while (at < prompts.length - 1 && prompts[at]?.turn !== call.turn) at += 1;
    byPrompt[at]?.push(call);
  }
  return byPrompt;
}

/** Scores a recorded run again against `scenario`, or refuses a step that changed; see the file's note. */
export function rescoreRun(scenario: Scenario, files: RecordedRunFiles): RescoredRun {
  const { record } = files;
  if (record.scenario !== scenario.name)
    throw new UsageError(`run ${record.id} is of scenario ${record.scenario}, not ${scenario.name}`);
  const trail = trailOf(files);
  const alignment = align(scenario, files, trail);
  const typed = trail.prompts.filter((event) => event.command !== true);
  const requests = requestsByPrompt(files.calls, typed);
  const before = new Map(record.probes.map((probe) => [probe.id, probe]));
  const asked: AskedProbe[] = [];
  const checks: EvidenceCheck[] = [];
  let recordedProbe = 0;
  for (const [index, step] of scenario.steps.entries()) {
    const typedBefore = alignment.promptsBefore[index] ?? 0;
    if (index > alignment.reached) break;
    if (step.evidence) {
      const fromRequest = requests.slice(0, typedBefore).reduce((n, calls) => n + calls.length, 0);
      checks.push({ ...step.evidence, step: index + 1, fromRequest });
    }
    const event = alignment.promptOf[index];
    if (!('ask' in step) || event === null || event === undefined) continue;
    const recorded = record.probes[recordedProbe++];
    if (recorded === undefined || recorded.turn !== event.turn || recorded.id !== step.id) {
      const was = recorded === undefined ? 'no probe' : `probe ${recorded.id}`;
      throw new UsageError(
        `run ${record.id}: step ${index + 1} (ask) of scenario ${scenario.name} is probe ${step.id}; the run recorded ${was} there, so it cannot be scored again`,
      );
    }
    asked.push({ step, turn: event.turn, reply: recorded.reply, calls: requests[typedBefore] ?? [] });
  }
  const score: RunScore = scoreRun(scenario, asked, checks, files.calls);
  return { record: { ...record, ...score }, changed: verdictChanges(before, score.probes) };
}

function verdictChanges(
  before: ReadonlyMap<string, ProbeResult>,
  after: readonly ProbeResult[],
): VerdictChange[] {
  return after.flatMap((probe) => {
    const was = before.get(probe.id);
    return was !== undefined && was.verdict !== probe.verdict
      ? [{ probe: probe.id, before: was.verdict, after: probe.verdict }]
      : [];
  });
}
