/** The fields of a probe record the report tests do not vary, for a verdict and what it expects. */
import type { ProbeResult } from '../../records/run-record.js';

export function probeFields(
  verdict: ProbeResult['verdict'],
  expects: ProbeResult['expects'],
): Omit<ProbeResult, 'id' | 'question' | 'reply'> {
  const inView = expects === 'answer' && verdict === 'correct';
  return {
    turn: 1,
    verdict,
    expects,
    evidence: { inView, atQuestion: inView, channels: inView ? ['prompt'] : [], staleInView: false },
    outcome: expects === 'abstention' ? 'never-given' : inView ? 'delivered-correct' : 'not-delivered',
  };
}
