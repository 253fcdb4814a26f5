/**
 * The facts the now block repeats for a request: the ones the assessment's call chose, then the ones
 * that share words with the request.
 */
import type { Fact } from '../facts/fact.js';
import { identity, isTaskOrSession } from './assessment-call.js';

/** Relevant facts the now block repeats. */
export const RELEVANT_SHOWN = 4;

const SUBJECT_WORD = /[\p{L}\p{N}]{3,}/gu;
const COMMON = new Set(
  'the and for with from that this what which when where who how are was were you your our can did does has have into about'.split(
    ' ',
  ),
);

function keyWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(SUBJECT_WORD) ?? []).filter((word) => !COMMON.has(word)));
}

/**
 * Up to four facts repeated for the request: the model's choice first, then the facts whose
 * subject, name or value share words with the request; never the task or the session's facts,
 * which the now block already holds.
 */
export function relevantFacts(facts: readonly Fact[], request: string, chosen: readonly string[]): Fact[] {
  const standing = facts.filter((fact) => !isTaskOrSession(fact));
  const byId = new Map(standing.map((fact) => [fact.id, fact]));
  const picked: Fact[] = [];
  for (const id of chosen) {
    const fact = byId.get(id);
    if (fact && !picked.includes(fact)) picked.push(fact);
  }
  const asked = keyWords(request);
  const overlap = (fact: Fact): number => {
    const words = keyWords(`${identity(fact)} ${fact.value}`);
    return [...words].filter((word) => asked.has(word)).length;
  };
  const ranked = standing
    .filter((fact) => !picked.includes(fact))
    .map((fact, index) => ({ fact, index, score: overlap(fact) }))
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || b.index - a.index)
    .map((item) => item.fact);
  return [...picked, ...ranked].slice(0, RELEVANT_SHOWN);
}
