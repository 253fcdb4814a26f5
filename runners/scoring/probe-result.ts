/**
 * A probe's record: its verdict from its reply, its evidence in the turn requests that asked it, and
 * the cell the two put it in. A pure function of what the step interpreter saw.
 */
import type { ModelCall } from '../../engine/index.js';
import type { ProbeResult } from '../../records/run-record.js';
import { evidencePatterns, expectsAbstention, type Expectation } from '../../scenarios/schema.js';
import { channelsShowing, probeEvidence } from './evidence/in-view.js';
import { viewOf } from './evidence/channels.js';
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

/**
 * The probe's record: its verdict, its evidence in the turn requests of its turn, its cell. `earlier`
 * are the run's model calls before the question's: whether one of them showed the evidence tells a
 * probe the engine lost from one whose evidence never entered the run.
 */
export function probeResult(
  { step, turn, reply: given, calls }: AskedProbe,
  earlier: readonly ModelCall[],
): ProbeResult {
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
    outcome: probeOutcome(expects, verdict, evidence, evidence.inView || entered(earlier, step.expect)),
  };
}

/** Whether a turn request among `calls` showed the evidence `expect` looks for, through any channel. */
function entered(calls: readonly ModelCall[], expect: Expectation): boolean {
  if (expectsAbstention(expect)) return false;
  const patterns = evidencePatterns(expect);
  return turnRequests(calls).some((r) => channelsShowing(viewOf(r.messages), patterns).length > 0);
}
