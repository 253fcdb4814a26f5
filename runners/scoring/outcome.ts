/**
 * A probe's verdict set against its evidence, and the run's tallies: which probes the engine
 * delivered, and in which cell each probe lands. Pure functions of the probes.
 */
import type {
  OutcomeCells,
  ProbeEvidence,
  ProbeOutcome,
  ProbeResult,
  Verdict,
} from '../../records/run-record.js';

/**
 * The cell of one probe; a never-given probe has nothing to deliver and is in none. `entered` says
 * whether any turn request of the run before the question showed the evidence: a probe answered wrong
 * or not at all whose evidence never entered the run (the model never read the file, the scenario never
 * said it) is `never-entered`, no loss of the engine's. A right answer without the evidence in view is
 * the alarm, whether or not it ever entered.
 */
export function probeOutcome(
  expects: ProbeResult['expects'],
  verdict: Verdict,
  evidence: ProbeEvidence,
  entered: boolean,
): ProbeOutcome {
  if (expects === 'abstention') return 'never-given';
  if (evidence.inView) return verdict === 'correct' ? 'delivered-correct' : 'delivered-missed';
  if (verdict === 'correct') return 'not-delivered-correct';
  return entered ? 'not-delivered' : 'never-entered';
}

/**
 * Probes with an answer whose evidence was in view, of `total`: the scenario's probes with an answer,
 * less those whose evidence never entered the run, which the engine had nothing to deliver for.
 */
export function deliveredOf(
  probes: readonly ProbeResult[],
  total: number,
): { inView: number; total: number } {
  return {
    inView: probes.filter((p) => p.expects === 'answer' && p.evidence.inView).length,
    total: total - probes.filter((p) => p.outcome === 'never-entered').length,
  };
}

/** How many probes landed in each cell. */
export function outcomeCells(probes: readonly ProbeResult[]): OutcomeCells {
  const count = (outcome: ProbeOutcome) => probes.filter((p) => p.outcome === outcome).length;
  return {
    deliveredCorrect: count('delivered-correct'),
    deliveredMissed: count('delivered-missed'),
    notDelivered: count('not-delivered'),
    alarm: count('not-delivered-correct'),
    neverEntered: count('never-entered'),
  };
}
