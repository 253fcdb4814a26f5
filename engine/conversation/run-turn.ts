/**
 * One person turn from prompt to figures: the prompt recorded, earlier outputs sent as references,
 * the request assessed and condensed ahead when due, the reply obtained (tool calls and an overflow's
 * recovery included), the reply cut where it retypes output, facts extracted and memory notes kept.
 * A failure ends the turn with status `failed`; it is never thrown.
 */
import type { Assessor } from '../assess/assessment.js';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Condenser } from '../condense/condenser.js';
import type { OverflowRecovery } from '../condense/overflow-recovery.js';
import { errorCode, toError } from '../errors.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import type { TurnFigures } from '../measure/figures.js';
import { TurnTally } from '../measure/turn-tally.js';
import type { ModelCaller } from '../model/model-calls.js';
import type { OutputViews } from '../output/output-views.js';
import type { Clock } from '../ports.js';
import type { ContextStore } from '../store/store.js';
import type { MemoryNotes } from '../tools/memory/memory-notes.js';
import type { ToolRetry } from './tool-retry.js';

/** What a turn works with: the conversation's parts. */
export interface TurnDeps {
  clock: Clock;
  audit: AuditRecorder;
  caller: ModelCaller;
  store: ContextStore;
  views: OutputViews;
  assessor: Assessor | null;
  condenser: Condenser;
  retry: ToolRetry;
  recovery: OverflowRecovery;
  facts: FactsLayer | null;
  notes: MemoryNotes;
}

/** Runs turn number `turn` on `prompt` and returns its figures. */
export async function runTurn(deps: TurnDeps, turn: number, prompt: string): Promise<TurnFigures> {
  const { clock, audit, caller, store, views } = deps;
  const started = clock.monotonic();
  const spentBefore = caller.spentMs;
  const tally = new TurnTally(turn, prompt);
  const promptEvent = audit.record({ type: 'prompt', turn, entry: store.nextId(), text: prompt });
  try {
    views.referenceEarlier(turn, tally);
    views.maskOlder(turn);
    await deps.assessor?.assess(turn, prompt);
    await deps.condenser.aheadIfDue(turn, prompt, tally);
    const promptEntry = store.append({
      kind: 'prompt',
      turn,
      text: prompt,
      sources: [promptEvent.id],
      recordedAt: clock.now(),
    });
    tally.replied(await deps.retry.run(deps.recovery, turn, promptEntry, tally));
    views.cutReply(turn, tally);
    deps.facts?.extract(turn, store.all());
    deps.notes.recordPending(turn);
  } catch (thrown) {
    tally.failed(errorCode(thrown), toError(thrown).message);
  }
  // Every model call of the turn counts as the model's time: distillations and summaries too.
  tally.addModelMs(caller.spentMs - spentBefore);
  const figures = tally.finish(clock.monotonic() - started);
  audit.record({ type: 'turn.end', turn, status: figures.status, error: figures.error?.message ?? null });
  return figures;
}
