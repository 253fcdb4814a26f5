/**
 * The scored part of a run's record: each probe's result, the tally of verdicts, what the engine
 * delivered, the outcome cells and the evidence steps. Pure: from the scenario, what was asked and the
 * run's model calls.
 */
import type { ModelCall } from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { expectsAbstention, type Scenario } from '../../scenarios/schema.js';
import { evidenceStepResults, turnRequests, type EvidenceCheck } from './evidence/evidence-steps.js';
import { deliveredOf, outcomeCells } from './outcome.js';
import { probeResult, type AskedProbe } from './probe-result.js';

/** The fields of a run record that scoring fills. */
export type RunScore = Pick<RunRecord, 'score' | 'delivered' | 'outcomes' | 'evidenceSteps' | 'probes'>;

/**
 * The run's calls before a probe's first: where its evidence could have entered. A probe whose turn
 * made no call, or whose calls are not among the run's, is set against all of them.
 */
function callsBefore(calls: readonly ModelCall[], probe: AskedProbe): readonly ModelCall[] {
  const first = probe.calls[0];
  const at = first === undefined ? -1 : calls.indexOf(first);
  return at < 0 ? calls : calls.slice(0, at);
}

/** Scores a run: the probes it asked (maybe fewer than the scenario's, when it stopped early). */
export function scoreRun(
  scenario: Scenario,
  asked: readonly AskedProbe[],
  checks: readonly EvidenceCheck[],
  calls: readonly ModelCall[],
): RunScore {
  const probes = asked.map((probe) => probeResult(probe, callsBefore(calls, probe)));
  const totalProbes = scenario.steps.filter((s) => 'ask' in s).length;
  const answerProbes = scenario.steps.filter((s) => 'ask' in s && !expectsAbstention(s.expect)).length;
  const count = (v: string) => probes.filter((p) => p.verdict === v).length;
  return {
    score: {
      correct: count('correct'),
      wrong: count('wrong'),
      abstained: count('abstained'),
      total: totalProbes,
    },
    delivered: deliveredOf(probes, answerProbes),
    outcomes: outcomeCells(probes),
    evidenceSteps: evidenceStepResults(checks, turnRequests(calls)),
    probes,
  };
}
