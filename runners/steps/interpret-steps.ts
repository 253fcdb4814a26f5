/**
 * The step interpreter: runs a scenario's steps in order over one engine conversation. A step the
 * person types is a turn; `save` and `resume` keep and reopen a conversation; `command` runs a command
 * as the person; `model` switches the model. It scores nothing: it records each question asked, with
 * its reply and the calls made meanwhile, for the scorer.
 */
import {
  Conversation,
  ResumeRefusedError,
  sequentialIds,
  type Clock,
  type ModelPort,
  type OutputStore,
  type SavedConversation,
  type Tool,
  type TurnFigures,
} from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { promptOf } from '../../scenarios/prompt.js';
import type { Scenario } from '../../scenarios/schema.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import { UsageError } from '../errors.js';
import type { ModelFactory, RunContext } from '../models/model-factory.js';
import { turnRequests } from '../scoring/evidence/evidence-steps.js';
import { instructionsFor } from './instructions.js';
import type { StepLog } from './step-log.js';

/** What the steps run with. */
export interface StepPlace {
  scenario: Scenario;
  strategy: ResolvedStrategy;
  /** The model the run was asked for, and its window. */
  model: string;
  window: number;
  /** The model already opened for the run's start. */
  opened: ModelPort;
  /** Opens the model a switch step names, for the run `run`. */
  createModel: ModelFactory;
  run?: RunContext;
  clock: Clock;
  outputStore: OutputStore;
  tools: readonly Tool[];
  signal?: AbortSignal | undefined;
}

/** Why the run stopped: the engine's error and the failed turn (null for a refused resume). */
export type StepFailure = NonNullable<RunRecord['error']>;

/**
 * The model a switch step opens in a run on `runModel`: the one it names, except in a scripted run,
 * where the script holds every reply of the conversation whatever model a step names, so the switch
 * opens the scripted model again (over the steps after it): the window, the budget and the session
 * still change, and the run stays offline and exact.
 */
export function modelAfterSwitch(runModel: string, named: string): string {
  return runModel === 'scripted' ? 'scripted' : named;
}

/**
 * Runs every step in order, filling `log`; returns the failure of the turn that stopped the run, or
 * null when every step ran. What else goes wrong is thrown, with `log` holding what ran before.
 */
export async function interpretSteps(place: StepPlace, log: StepLog): Promise<StepFailure | null> {
  const { scenario } = place;
  const ids = sequentialIds();
  const saves = new Map<string, SavedConversation>();
  let current = place.opened;
  // A resume is a new conversation over the same model, clock, ids, audit and files.
  const begin = (resume?: SavedConversation) =>
    new Conversation({
      model: current,
      clock: place.clock,
      ids,
      audit: log.sink,
      auditReader: log.events,
      outputStore: place.outputStore,
      tools: place.tools,
      saveTranscript: (name, messages) => {
        const file = `transcripts/${name}.json`;
        log.transcripts.set(file, { version: 1, messages });
        return file;
      },
      settings: place.strategy.settings,
      instructions: instructionsFor(scenario.instructions),
      onCall: (call) => log.call(call),
      ...(resume ? { resume } : {}),
      ...(place.signal ? { signal: place.signal } : {}),
    });
  let conversation = begin();
  log.conversations.push(conversation);
  log.stretches.push({
    name: place.model,
    model: place.opened,
    window: conversation.window,
    step: null,
    from: 0,
  });
  for (const [index, step] of scenario.steps.entries()) {
    if (step.evidence) {
      const fromRequest = turnRequests(log.requests).length;
      log.checks.push({ ...step.evidence, step: index + 1, fromRequest });
    }
    const callsBefore = log.requests.length;
    if ('save' in step) {
      const files = conversation.save();
      saves.set(step.save, { name: step.save, ...files });
      log.transcripts.set(`transcripts/${step.save}.json`, JSON.parse(files.transcript));
      log.transcripts.set(`transcripts/${step.save}.store`, JSON.parse(files.sidecar));
      continue;
    }
    if ('resume' in step) {
      const saved = saves.get(step.resume);
      if (!saved) throw new UsageError(`scenario ${scenario.name}: nothing was saved as '${step.resume}'`);
      // The engine refuses a save it cannot take up whole; the run ends there, as for a failed turn.
      try {
        conversation = begin(saved);
      } catch (thrown) {
        if (!(thrown instanceof ResumeRefusedError)) throw thrown;
        return { code: thrown.code, message: `${thrown.message} (${thrown.detail})`, turn: null };
      }
      log.conversations.push(conversation);
      continue;
    }
    if ('command' in step) {
      await conversation.personCommand(step.command);
      continue;
    }
    if ('model' in step) {
      const name = modelAfterSwitch(place.model, step.model);
      // The model sees the scenario from the step after the switch: a scripted model replays the
      // rest of the script from there.
      const rest = { ...scenario, steps: scenario.steps.slice(index + 1) };
      current = await place.createModel(name, step.window ?? place.window, rest, place.run);
      conversation.switchModel(current);
      const from = log.conversations.reduce((n, c) => n + c.turns.length, 0);
      log.stretches.push({ name, model: current, window: conversation.window, step: index + 1, from });
      continue;
    }
    const figures: TurnFigures = await conversation.turn(promptOf(step));
    if ('fact' in step) conversation.statePersonFact(step.fact.subject, step.fact.name, step.fact.value);
    if ('task' in step) conversation.statePersonFact('task', 'task', step.task);
    if ('ask' in step) {
      log.asked.push({
        step,
        turn: figures.turn,
        reply: figures.reply ?? null,
        calls: log.requests.slice(callsBefore),
      });
    }
    if (figures.status === 'failed' && figures.error) return { ...figures.error, turn: figures.turn };
  }
  return null;
}
