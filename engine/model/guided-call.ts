/**
 * The one way the facts layer makes a guided call (a distillation, a summary, or both in one): count
 * it by purpose, make it through the conversation's caller, read the answer, and time the whole. A
 * failure, the model's or the reading's, comes back as an outcome, never thrown, so the caller audits
 * both the same way.
 */
import { ModelFailure, toError } from '../errors.js';
import type { GuidedRequest } from './port.js';
import type { Clock } from '../ports.js';
import type { CallPurpose, ModelCaller } from './model-calls.js';

/** How a guided call ended: what reading the answer gave, or why it failed; and how long it took. */
export type GuidedOutcome<T> =
  { ok: true; value: T; durationMs: number } | { ok: false; error: string; durationMs: number };

export interface GuidedCall<T> {
  turn: number;
  purpose: CallPurpose;
  request: Omit<GuidedRequest, 'purpose'>;
  /** Reads the answer's value; what it throws fails the call. */
  read: (value: unknown) => T;
}

export class GuidedCalls {
  /** Calls made for distillations (a facts-and-summary call among them) and for summaries. */
  distil = 0;
  summary = 0;

  constructor(
    private readonly caller: ModelCaller,
    private readonly clock: Clock,
  ) {}

  /** Makes one call. A model without guided generation is a failed call that is never made or counted. */
  async run<T>(call: GuidedCall<T>): Promise<GuidedOutcome<T>> {
    const started = this.clock.monotonic();
    try {
      if (!this.caller.model.generate) throw new ModelFailure('the model offers no guided generation');
      if (call.purpose === 'summary') this.summary += 1;
      else this.distil += 1;
      const response = await this.caller.generate(
        call.turn,
        { purpose: call.purpose, ...call.request },
        call.purpose,
      );
      const value = call.read(response.value);
      return { ok: true, value, durationMs: this.clock.monotonic() - started };
    } catch (thrown) {
      return { ok: false, error: toError(thrown).message, durationMs: this.clock.monotonic() - started };
    }
  }
}
