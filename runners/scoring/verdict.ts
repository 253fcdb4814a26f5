/**
 * A probe's verdict, a pure function of the reply and the expectation. `correct` matches one of
 * `any` and none of `none`; `abstained` matches none of `any` and says it does not know; anything
 * else is `wrong`: a confident wrong answer, the worst outcome for a context engine. A probe whose
 * answer was never given (`abstain: true`) is `correct` when the reply says it does not know and
 * `wrong` when it answers.
 */

import { matchesPattern } from '../../scenarios/pattern.js';
import type { Verdict } from '../../records/run-record.js';

export type { Verdict } from '../../records/run-record.js';

/** What a probe expects: an answer matching `any` and no pattern of `none`, or "I do not know". */
export type ProbeExpectation = { any: readonly string[]; none: readonly string[] } | { abstain: true };

const abstentions = [
  /\bi (?:do not|don't|dont) know\b/i,
  /\bi(?:'m| am) not sure\b/i,
  /\bi (?:can ?not|can't) (?:find|tell|say|see)\b/i,
  /\bnothing (?:i can see|visible|in (?:my|the) context)\b/i,
  /\bno (?:information|record)\b/i,
];

/** True when a reply says it does not know. */
export function saysItDoesNotKnow(reply: string): boolean {
  return abstentions.some((pattern) => pattern.test(reply));
}

/** The verdict for one reply. */
export function verdictFor(reply: string, expect: ProbeExpectation): Verdict {
  if ('abstain' in expect) return saysItDoesNotKnow(reply) ? 'correct' : 'wrong';
  const hit = expect.any.some((p) => matchesPattern(reply, p));
  const forbidden = expect.none.some((p) => matchesPattern(reply, p));
  if (hit && !forbidden) return 'correct';
  if (!hit && saysItDoesNotKnow(reply)) return 'abstained';
  return 'wrong';
}
