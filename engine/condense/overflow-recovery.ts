/**
 * Recovering from an overflow, once. When a turn's request overflows, the window is learnt from the
 * error when it states one and the overflow is audited; the attempt's own entries stay in the store,
 * dropped, as a record; the meter is anchored on the overflow's own count; the context is condensed
 * and the turn run again on a fresh session. A second overflow is a DoesNotFitError, any other
 * failure a ModelFailure; under a fail-fast policy, or with no window known, nothing is retried.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { ContextPolicy } from './policy.js';
import { RETRIED_PREFIX } from './target.js';
import { DoesNotFitError, ModelFailure, WispError, toError } from '../errors.js';
import { byteLength, tokensForBytes } from '../measure/estimate.js';
import { recogniseOverflow, type Overflow } from '../model/recognise-overflow.js';
import { ContextOverflowError, type ModelRequest } from '../model/port.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { Condenser } from './condenser.js';
import type { Meter } from '../measure/meter.js';
import type { ModelCaller } from '../model/model-calls.js';
import type { ToolLoop } from '../tools/tool-loop.js';
import { WorkspaceError } from '../tools/workspace.js';
import type { TurnTally } from '../measure/turn-tally.js';

export interface OverflowRecoveryOptions {
  policy: ContextPolicy;
  store: ContextStore;
  audit: AuditRecorder;
  meter: Meter;
  caller: ModelCaller;
  loop: ToolLoop;
  condenser: Condenser;
  /** The window in tokens, once known, and how an overflow that states the window teaches it. */
  window: () => number | null;
  learnWindow: (overflow: Overflow) => void;
  /** The request as the store stands now. */
  compose: () => ModelRequest;
}

/**
 * Anything a turn throws, as the error it fails with: a WispError of the engine's own as it is, else
 * a ModelFailure. A port's errors (an overflow, a refused path) are the model's failure here.
 */
function asRunError(thrown: unknown): Error {
  const portError = thrown instanceof ContextOverflowError || thrown instanceof WorkspaceError;
  if (thrown instanceof WispError && !portError) return thrown;
  return new ModelFailure(`the model failed: ${toError(thrown).message}`);
}

export class OverflowRecovery {
  constructor(private readonly options: OverflowRecoveryOptions) {}

  /** Runs the turn after `promptEntry`, recovering once from an overflow. */
  async run(turn: number, promptEntry: Entry, tally: TurnTally): Promise<string> {
    const { policy, store, audit, meter, caller, loop, condenser } = this.options;
    try {
      return await loop.run(turn, tally);
    } catch (thrown) {
      const overflow = recogniseOverflow(thrown);
      if (!overflow || policy.failsFast) throw asRunError(thrown);
      const failed = loop.lastRequest;
      this.options.learnWindow(overflow);
      const window = this.options.window();
      const overflowEvent = audit.record({
        type: 'context.overflow',
        turn,
        session: caller.lastSession,
        limit: overflow.limit,
        count: overflow.count,
        message: toError(thrown).message,
        retried: window !== null,
      });
      if (window === null) throw asRunError(thrown);
      // The attempt's own entries stay in the store as a record, dropped; the turn is run again.
      const attempt = store.active().filter((e) => e.id > promptEntry.id);
      store.drop(
        attempt.map((e) => e.id),
        RETRIED_PREFIX + overflowEvent.id,
        turn,
      );
      // Measure from the overflow's own count: the failed request less what the turn added.
      if (overflow.count !== null && failed) meter.anchorOn(overflow.count, meter.bytes(failed));
      else meter.forget();
      const before = store.active().filter((e) => e.id !== promptEntry.id);
      const added = byteLength(promptEntry.text);
      await condenser.afterOverflow(turn, before, tokensForBytes(added), tally);
      caller.sessions.reset();
      tally.retriedAfterOverflow();
      try {
        return await loop.run(turn, tally);
      } catch (again) {
        const second = recogniseOverflow(again);
        if (!second) throw asRunError(again);
        this.options.learnWindow(second);
        const needed = second.count ?? (await meter.measure(loop.lastRequest ?? this.options.compose()));
        throw new DoesNotFitError(needed, this.options.window() ?? window);
      }
    }
  }
}
