/**
 * The retry for tools: when the model calls a tool its request did not register, the assessment
 * registers every allowed tool and the turn runs again once on a fresh session, the attempt's entries
 * kept in the store, dropped. A second such call fails the turn.
 */
import type { Assessor } from '../assess/assessment.js';
import type { OverflowRecovery } from '../condense/overflow-recovery.js';
import { RETRIED_PREFIX } from '../condense/target.js';
import { UnregisteredToolError } from '../errors.js';
import type { ModelCaller } from '../model/model-calls.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { TurnTally } from '../measure/turn-tally.js';

export interface ToolRetryParts {
  assessor: Assessor | null;
  store: ContextStore;
  caller: ModelCaller;
}

export class ToolRetry {
  #retrying = false;

  constructor(private readonly parts: ToolRetryParts) {}

  /** True while a turn is retried after a call to a tool its request did not register. */
  get retrying(): boolean {
    return this.#retrying;
  }

  /** Runs the turn's steps through `recovery`, retrying once for an unregistered tool. */
  async run(recovery: OverflowRecovery, turn: number, promptEntry: Entry, tally: TurnTally): Promise<string> {
    const { assessor, store, caller } = this.parts;
    try {
      return await recovery.run(turn, promptEntry, tally);
    } catch (thrown) {
      if (!(thrown instanceof UnregisteredToolError) || !assessor || this.#retrying) throw thrown;
      const event = assessor.retry(turn);
      const attempt = store.active().filter((e) => e.id > promptEntry.id);
      store.drop(
        attempt.map((e) => e.id),
        RETRIED_PREFIX + event,
        turn,
      );
      caller.sessions.reset();
      tally.retriedForTools();
      this.#retrying = true;
      try {
        return await recovery.run(turn, promptEntry, tally);
      } finally {
        this.#retrying = false;
      }
    }
  }
}
