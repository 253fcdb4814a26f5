/**
 * Strict replay: a model factory whose models answer each call of a run from its recording, by the
 * run's id and the call's place in the run, counted over every model the run opens. A call whose
 * request is not the recorded one (byte for byte, for a strict recording), a call past the recording's
 * end, or a run the recording lacks fails the run with a replay error; every later call fails the same
 * way, so nothing the engine catches hides it. A recorded failure is thrown again as the failure it
 * was. No server is ever reached: a server model's port answers from the recording and gives the
 * server as the recording found it.
 */
import {
  AnswerError,
  InternalError,
  ContextOverflowError,
  ModelFailure,
  type CallFailure,
  type GuidedRequest,
  type GuidedResponse,
  type ModelPort,
  type ModelRequest,
  type ModelResponse,
} from '../../../engine/index.js';
import { ReplayMismatchError, ReplayMissingError } from '../../errors.js';
import { shortDiff } from '../../io/short-diff.js';
import type { BackendRecord } from '../../../records/run-record.js';
import type { Scenario } from '../../../scenarios/schema.js';
import type { ModelFactory, ReplayFailure, ReplayState, RunContext } from '../model-factory.js';
import type { RecordedCall, RecordedRun, Recording } from './recording.js';
import { firstRequestPart, requestJson, requestLines, type KindedRequest } from './request-text.js';

/** Opens a built-in model by name (for its window, usage and token count), or gives null for a server model. */
export type BuiltinOpener = (name: string, window: number, scenario: Scenario) => ModelPort | null;

const TYPED_OVERFLOW =
  /^context size exceeded: (?:the request does not fit a window of (\d+)|(\d+) tokens for a window of (\d+))$/;

/**
 * The error a recorded failure was, from its code: a typed overflow with the window and count it
 * gave (the engine recovers from it by its type), an answer of the wrong shape, and every other
 * failure the ModelFailure that a server model's client and the built-in models throw (the engine
 * reads a generic overflow's numbers from its text). A recording made before calls kept their code
 * has the message alone, and the typed overflow is told by its wording.
 */
export function recordedFailure(message: string, failure?: CallFailure): Error {
  if (failure !== undefined) {
    if (failure.code === 'CONTEXT_OVERFLOW' && failure.limit !== undefined)
      return new ContextOverflowError(failure.limit, failure.count ?? null);
    if (failure.code === 'MODEL_ANSWER_INVALID') return new AnswerError(message);
    return new ModelFailure(message);
  }
  const typed = TYPED_OVERFLOW.exec(message);
  if (typed?.[1] !== undefined) return new ContextOverflowError(Number(typed[1]), null);
  if (typed?.[2] !== undefined) return new ContextOverflowError(Number(typed[3]), Number(typed[2]));
  return new ModelFailure(message);
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** What a replaying factory keeps per run: the recording of it, loaded on its first open. */
const loaded = new WeakMap<RunContext, Promise<RecordedRun | null>>();

function stateOf(run: RunContext, recording: Recording): ReplayState {
  run.replay ??= { answered: 0, opened: 0, failure: null, recorded: null, where: recording.where };
  return run.replay;
}

function place(call: Pick<RecordedCall, 'call' | 'turn' | 'purpose'>): string {
  return `call ${call.call} (turn ${call.turn}, ${call.purpose})`;
}

/**
 * The failure of the call the run makes now, when it does not match what the recording holds at its
 * place; null when it matches.
 */
function mismatchOf(
  state: ReplayState,
  recording: Recording,
  run: RecordedRun,
  now: KindedRequest,
): ReplayFailure | null {
  const number = state.answered + 1;
  const recorded = run.calls[state.answered];
  if (recorded === undefined) {
    return {
      code: 'REPLAY_MISMATCH',
      message: `replay mismatch at call ${number}: the recording in ${recording.where} holds ${run.calls.length} calls of run ${run.id}, and this one is new`,
      call: number,
      turn: null,
      purpose: null,
      first: 'a call the recording lacks',
      diff: [],
    };
  }
  const at = { call: recorded.call, turn: recorded.turn, purpose: recorded.purpose };
  if (recorded.kind !== now.kind) {
    const first = `its kind (recorded ${recorded.kind}, now ${now.kind})`;
    return {
      code: 'REPLAY_MISMATCH',
      message: `replay mismatch at ${place(recorded)}: ${first}`,
      ...at,
      first,
      diff: [],
    };
  }
  if (!recording.strict || recorded.request === undefined) return null;
  const before = { kind: recorded.kind, request: recorded.request } as KindedRequest;
  if (requestJson(before) === requestJson(now)) return null;
  const first = firstRequestPart(before, now) ?? 'its request';
  return {
    code: 'REPLAY_MISMATCH',
    message: `replay mismatch at ${place(recorded)}: ${first} differs from the recording in ${recording.where}`,
    ...at,
    first,
    diff: shortDiff(requestLines(before).join('\n') + '\n', requestLines(now).join('\n') + '\n', {
      before: `${recording.where} run ${run.id} ${place(recorded)} (recorded)`,
      after: `${place(recorded)} (this tree)`,
    }),
  };
}

/** Notes `failure` as the run's first and throws it. */
function fail(state: ReplayState, failure: ReplayFailure): never {
  state.failure ??= failure;
  const first = state.failure;
  throw first.code === 'REPLAY_MISSING'
    ? new ReplayMissingError(first.message)
    : new ReplayMismatchError(first.message);
}

/**
 * A factory that opens replaying models: each answers from `recording`'s run of the id the run gives.
 * `builtin` opens a built-in model for what the engine reads of it besides its answers (its window,
 * whether it reports usage, its own token count, whether it can generate).
 */
export function replayFactory(recording: Recording, builtin: BuiltinOpener): ModelFactory {
  return async (name, window, scenario, run) => {
    if (run === undefined) throw new InternalError(`model ${name} is replayed, and needs the run it answers`);
    const state = stateOf(run, recording);
    const index = state.opened;
    state.opened += 1;
    if (state.failure) fail(state, state.failure);
    let pending = loaded.get(run);
    if (pending === undefined) {
      pending = recording.run(run.id);
      loaded.set(run, pending);
    }
    const recorded = await pending;
    if (recorded === null) {
      fail(state, {
        code: 'REPLAY_MISSING',
        message: `run ${run.id} has no recording in ${recording.where}: nothing to replay it from`,
        call: null,
        turn: null,
        purpose: null,
        first: null,
        diff: [],
      });
    }
    state.recorded = recorded.calls;
    const real = builtin(name, window, scenario);
    const take = (now: KindedRequest): RecordedCall => {
      if (state.failure) fail(state, state.failure);
      const failure = mismatchOf(state, recording, recorded, now);
      if (failure) fail(state, failure);
      const call = recorded.calls[state.answered] as RecordedCall;
      state.answered += 1;
      if (call.error !== undefined) throw recordedFailure(call.error, call.failure);
      if (call.response === undefined)
        fail(state, {
          code: 'REPLAY_MISMATCH',
          message: `replay mismatch at ${place(call)}: the recording in ${recording.where} holds neither its answer nor its error`,
          call: call.call,
          turn: call.turn,
          purpose: call.purpose,
          first: 'its answer',
          diff: [],
        });
      return call;
    };
    const respond = (request: ModelRequest): Promise<ModelResponse> =>
      Promise.resolve().then(() => copy(take({ kind: 'respond', request }).response as ModelResponse));
    const generate = (request: GuidedRequest): Promise<GuidedResponse> =>
      Promise.resolve().then(() => copy(take({ kind: 'generate', request }).response as GuidedResponse));
    if (real !== null) {
      const port: ModelPort = {
        name,
        reportsUsage: real.reportsUsage,
        respond,
        ...(real.window !== undefined ? { window: real.window } : {}),
        ...(real.generate ? { generate } : {}),
        ...(real.countTokens ? { countTokens: real.countTokens.bind(real) } : {}),
      };
      return port;
    }
    const backend: BackendRecord | null = recorded.backends[index] ?? null;
    return {
      name,
      window,
      reportsUsage: true,
      respond,
      generate,
      ...(backend !== null ? { backendRecord: () => copy(backend) } : {}),
    };
  };
}

/**
 * The failure a replayed run ends with: its first mismatch, or, when every call matched, the calls
 * the recording holds that the run no longer made. Null for a run that replayed whole.
 */
export function replayOutcome(state: ReplayState): ReplayFailure | null {
  if (state.failure) return state.failure;
  const rest = state.recorded?.slice(state.answered) ?? [];
  const next = rest[0];
  if (next === undefined) return null;
  const first = `${place(next)} is no longer made`;
  return {
    code: 'REPLAY_MISMATCH',
    message: `replay mismatch at ${place(next)}: the run ended with ${rest.length} recorded call${rest.length === 1 ? '' : 's'} left in ${state.where}`,
    call: next.call,
    turn: next.turn,
    purpose: next.purpose,
    first,
    diff: [],
  };
}
