/** The one way a run opens a model: by name, for a window, for the scenario it will answer. */
import type { ModelPort } from '../../engine/index.js';
import type { Scenario } from '../../scenarios/schema.js';

/**
 * What a factory learns of the run it opens a model for: the run's id, and a place for the state a
 * replayed run keeps across the models it opens (its own, then one per switch step). The run makes
 * one per run and passes the same object to every open.
 */
export interface RunContext {
  id: string;
  /** Set by a replaying factory: where the run is in its recording, and how it went. */
  replay?: ReplayState;
  /** Set by a factory whose server models answer through an answer cache: its hits and misses. */
  cache?: { hits: number; misses: number };
}

/** A replayed run's place in its recording and its first mismatch. */
export interface ReplayState {
  /** The calls answered so far, over every model the run opened. */
  answered: number;
  /** The models opened so far (the run's own, then each switch step's). */
  opened: number;
  /** The first call that did not match its recording, or the missing recording; null while all match. */
  failure: ReplayFailure | null;
  /** The run's recorded calls, once its recording is read. */
  recorded: readonly { call: number; turn: number; purpose: string }[] | null;
  /** Where the recording is, for messages. */
  where: string;
}

/** Why a replay stopped: the call, its place, the first difference and a short diff of the request. */
export interface ReplayFailure {
  code: 'REPLAY_MISMATCH' | 'REPLAY_MISSING';
  message: string;
  /** The call's number from 1, and its turn and purpose as recorded (null for a missing run). */
  call: number | null;
  turn: number | null;
  purpose: string | null;
  /** The first part of the request that differs (`message 3 (tool)`, `its tools`). */
  first: string | null;
  diff: string[];
}

/**
 * Builds the model for a run; the runner owns the registry. A model behind a server is opened
 * asynchronously (its server is asked about it first); what it throws fails the run, not the matrix.
 */
export type ModelFactory = (
  name: string,
  window: number,
  scenario: Scenario,
  run?: RunContext,
) => ModelPort | Promise<ModelPort>;
