/**
 * A probe's record: its verdict from its reply, its evidence in the turn requests that asked it, and
 * the cell the two put it in. A pure function of what the step interpreter saw.
 */
import type { ModelCall } from '../../engine/index.js';
import type { ProbeResult } from '../../records/run-record.js';
import { expectsAbstention, type Expectation } from '../../scenarios/schema.js';
import { probeEvidence } from './evidence/in-view.js';
import { turnRequests } from './evidence/evidence-steps.js';
import { probeOutcome } from './outcome.js';
import { verdictFor } from './verdict.js';

/** A question the run asked: its step, the turn that answered it, and the calls made meanwhile. */
export interface AskedProbe {
  step: { ask: string; id: string; expect: Expectation };
  turn: number;
  /** The reply, or null when the turn gave none. */
  reply: string | null;
  /** The model calls made from the step's start to its reply. */
  calls: readonly ModelCall[];
}

/** The probe's record: its verdict, its evidence in the first turn request of its turn, its cell. */
export function probeResult({ step, turn, reply: given, calls }: AskedProbe): ProbeResult {
  const reply = given ?? '';
  const verdict = verdictFor(reply, step.expect);
  const expects = expectsAbstention(step.expect) ? 'abstention' : 'answer';
  const asked = turnRequests(calls).filter((r) => r.turn === turn);
  const evidence = probeEvidence(
    asked.map((r) => r.messages),
    step.expect,
    step.ask,
  );
  return {
    id: step.id,
    turn,
    question: step.ask,
    reply,
    verdict,
    expects,
    evidence,
    outcome: probeOutcome(expects, verdict, evidence),
  };
}
