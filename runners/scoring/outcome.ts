/**
 * A probe's verdict set against its evidence, and the run's tallies: which probes the engine
 * delivered, and in which of the four cells each probe lands. Pure functions of the probes.
 */
import type {
  OutcomeCells,
  ProbeEvidence,
  ProbeOutcome,
  ProbeResult,
  Verdict,
} from '../../records/run-record.js';

/** The cell of one probe; a never-given probe has nothing to deliver and is in none. */
export function probeOutcome(
  expects: ProbeResult['expects'],
  verdict: Verdict,
  evidence: ProbeEvidence,
): ProbeOutcome {
  if (expects === 'abstention') return 'never-given';
  if (evidence.inView) return verdict === 'correct' ? 'delivered-correct' : 'delivered-missed';
  return verdict === 'correct' ? 'not-delivered-correct' : 'not-delivered';
}

/** Probes with an answer whose evidence was in view, of `total`: the scenario's probes with an answer. */
export function deliveredOf(
  probes: readonly ProbeResult[],
  total: number,
): { inView: number; total: number } {
  return { inView: probes.filter((p) => p.expects === 'answer' && p.evidence.inView).length, total };
}

/** How many probes landed in each cell. */
export function outcomeCells(probes: readonly ProbeResult[]): OutcomeCells {
  const count = (outcome: ProbeOutcome) => probes.filter((p) => p.outcome === outcome).length;
  return {
    deliveredCorrect: count('delivered-correct'),
    deliveredMissed: count('delivered-missed'),
    notDelivered: count('not-delivered'),
    alarm: count('not-delivered-correct'),
  };
}
