/**
 * Every call the engine makes to its model, whatever it is for: a turn's request, a distillation, a
 * summary. Each goes out through one caller, which picks its session, times it, and reports it with
 * the request exactly as the model port received it and what came back, so a run can log them all.
 */
import { ModelFailure, WispError, toError, type ErrorKind } from '../errors.js';
import { RequestSizer, tokensForBytes } from '../measure/estimate.js';
import { TruncationWatch } from './truncation.js';
import {
  ContextOverflowError,
  type CallOptions,
  type GuidedRequest,
  type GuidedResponse,
  type Message,
  type ModelPort,
  type ModelRequest,
  type ModelResponse,
} from './port.js';
import type { Clock, Ids } from '../ports.js';
import { SessionTracker } from './sessions.js';

/** What a model call was for. A facts-and-summary call writes both in one answer. */
export type CallPurpose =
  'turn' | 'distil' | 'summary' | 'facts-and-summary' | 'assessment' | 'output-summary' | 'output-condense';

/**
 * What a failed call threw, beyond its message: its code and kind, and for a typed overflow the
 * window and the count it gave, so that a replay throws the same error again without reading words.
 */
export interface CallFailure {
  code: string;
  kind: ErrorKind;
  /** A typed overflow's window, and its token count (null when it gave none). */
  limit?: number;
  count?: number | null;
}

/** The failure `thrown` was; anything that is no WispError is `UNEXPECTED`. */
export function callFailure(thrown: unknown): CallFailure {
  if (thrown instanceof ContextOverflowError)
    return { code: thrown.code, kind: thrown.kind, limit: thrown.limit, count: thrown.count };
  if (thrown instanceof WispError) return { code: thrown.code, kind: thrown.kind };
  return { code: 'UNEXPECTED', kind: 'run' };
}

/**
 * One model call as the log records it. Exactly one of `response` and `error` is set; `failure` goes
 * with `error` (calls recorded before it existed have `error` alone).
 */
export type ModelCall = {
  purpose: CallPurpose;
  /** The person turn during which the call was made. */
  turn: number;
  session: string;
  /** True when the call started a new model session. */
  fresh: boolean;
  /** The engine's estimate of the request at four bytes a token. */
  estimated: number;
  /** Wall time the model took; left out of anything that must be reproducible. */
  durationMs: number;
  /**
   * Set when the runtime reported clearly fewer prompt tokens than the request takes and the request
   * exceeds the window: it dropped the front silently, and the model never saw the start of it.
   */
  truncated?: true;
} & (
  | {
      kind: 'respond';
      request: ModelRequest;
      response?: ModelResponse;
      error?: string;
      failure?: CallFailure;
    }
  | {
      kind: 'generate';
      request: GuidedRequest;
      response?: GuidedResponse;
      error?: string;
      failure?: CallFailure;
    }
);

/** Sees each model call once it has answered or failed. */
export type ModelCallListener = (call: ModelCall) => void;

export interface ModelCallerOptions {
  model: ModelPort;
  clock: Clock;
  ids: Ids;
  onCall?: ModelCallListener;
  /** How requests are measured; the conversation's own, so each text is measured once. */
  sizer?: RequestSizer;
  /** The window in tokens, once known: a report of a request above it may show a truncation. */
  window?: () => number | null;
  /** Aborts every call when it fires. */
  signal?: AbortSignal;
}

/**
 * The conversation's one way to its model. A turn's request continues the conversation's session
 * when it starts with what the session holds; a guided call always runs in a session of its own,
 * which the conversation never carries.
 */
export class ModelCaller {
  readonly sessions: SessionTracker;
  /** The session of the last turn request, and how long the model took over the last call. */
  lastSession = '';
  lastMs = 0;
  /** Milliseconds spent in the model over every call so far, guided calls included. */
  spentMs = 0;
  /** True when the last call's answer was marked truncated. */
  lastTruncated = false;

  readonly #sizer: RequestSizer;
  #model: ModelPort;
  #truncation = new TruncationWatch();
  readonly #callOptions: CallOptions;

  constructor(private readonly options: ModelCallerOptions) {
    this.sessions = new SessionTracker(options.ids);
    this.#model = options.model;
    this.#sizer = options.sizer ?? new RequestSizer();
    this.#callOptions = options.signal ? { signal: options.signal } : {};
  }

  /** The model every call goes to now. */
  get model(): ModelPort {
    return this.#model;
  }

  /**
   * Sends every call to `model` from now on. Its first turn request starts a new session, since the
   * new runtime holds nothing of the old one's; the truncation watch learns the new runtime's rate
   * afresh.
   */
  switchModel(model: ModelPort): void {
    this.#model = model;
    this.#truncation = new TruncationWatch();
    this.sessions.reset();
  }

  /** Sends a turn's request; `onSession` learns the session before the model answers. */
  async respond(
    turn: number,
    request: ModelRequest,
    onSession?: (session: { session: string; fresh: boolean; estimated: number }) => void,
  ): Promise<ModelResponse> {
    const model = this.#model;
    const { session, fresh } = this.sessions.begin(request.messages);
    this.lastSession = session;
    const estimated = tokensForBytes(this.#sizer.request(request));
    onSession?.({ session, fresh, estimated });
    const base = { purpose: 'turn' as const, turn, session, fresh, estimated };
    return this.#timed(
      estimated,
      () => model.respond(request, this.#callOptions),
      (durationMs, outcome) =>
        this.options.onCall?.({ ...base, kind: 'respond', request, durationMs, ...outcome }),
    );
  }

  /** What the conversation's session holds after an exchange. */
  hold(messages: readonly Message[], answer: Message): void {
    this.sessions.hold(messages, answer);
  }

  /** A guided call in a session of its own; throws when the model offers no guided generation. */
  async generate(turn: number, request: GuidedRequest, purpose: CallPurpose): Promise<GuidedResponse> {
    const model = this.#model;
    const guided = model.generate?.bind(model);
    if (!guided) throw new ModelFailure('the model offers no guided generation');
    const session = this.options.ids.next('session');
    const estimated = tokensForBytes(this.#sizer.request({ messages: request.messages, tools: [] }));
    const base = { purpose, turn, session, fresh: true, estimated };
    return this.#timed(
      estimated,
      () => guided(request, this.#callOptions),
      (durationMs, outcome) =>
        this.options.onCall?.({ ...base, kind: 'generate', request, durationMs, ...outcome }),
    );
  }

  async #timed<R extends ModelResponse | GuidedResponse>(
    estimated: number,
    call: () => Promise<R>,
    report: (
      durationMs: number,
      outcome: { response: R; truncated?: true } | { error: string; failure: CallFailure },
    ) => void,
  ): Promise<R> {
    const started = this.options.clock.monotonic();
    this.lastTruncated = false;
    try {
      const response = await call();
      this.#spent(started);
      const reported = response.usage?.promptTokens;
      this.lastTruncated =
        reported !== undefined &&
        this.#truncation.truncated({ estimated, reported, window: this.options.window?.() ?? null });
      report(this.lastMs, { response, ...(this.lastTruncated ? { truncated: true as const } : {}) });
      return response;
    } catch (thrown) {
      this.#spent(started);
      report(this.lastMs, { error: toError(thrown).message, failure: callFailure(thrown) });
      throw thrown;
    }
  }

  #spent(started: number): void {
    this.lastMs = this.options.clock.monotonic() - started;
    this.spentMs += this.lastMs;
  }
}
