import { describe, expect, it } from 'vitest';
import {
  GENERALITY_HEADER,
  generalityFigures,
  generalityRow,
  generalityTotals,
} from '../../reports/generality-table.js';
import type { ProbeResult, RunRecord } from '../../records/run-record.js';
import { probeFields } from './probe-fields.js';

function probe(id: string, verdict: ProbeResult['verdict'], expects: ProbeResult['expects']): ProbeResult {
  return { ...probeFields(verdict, expects), id, question: `${id}?`, reply: `reply to ${id}` };
}

function record(scenario: string, probes: ProbeResult[], over: Partial<RunRecord> = {}): RunRecord {
  const count = (v: string) => probes.filter((p) => p.verdict === v).length;
  return {
    version: 1,
    id: `${scenario}.dropping.reader.w32768.r0`,
    scenario,
    strategy: 'dropping',
    model: 'reader',
    window: 32768,
    run: 0,
    settings: {},
    status: 'completed',
    error: null,
    score: {
      correct: count('correct'),
      wrong: count('wrong'),
      abstained: count('abstained'),
      total: probes.length,
    },
    delivered: { inView: 0, total: 0 },
    outcomes: { deliveredCorrect: 0, deliveredMissed: 0, notDelivered: 0, alarm: 0, neverEntered: 0 },
    evidenceSteps: [],
    probes,
    turns: probes.length,
    condensations: [],
    gaps: [],
    modelCalls: { turn: probes.length, distil: 0, summary: 0, assessment: 0 },
    retries: { overflow: 0, tools: 0 },
    assessment: null,
    toolTokens: { total: 0, perRequest: 0 },
    truncated: 0,
    sessions: { started: 1, new: 0 },
    saved: { references: { count: 0, bytes: 0, tokens: 0 }, cuts: { count: 0, bytes: 0, tokens: 0 } },
    outputsHeldBack: 0,
    timing: { totalMs: 1, modelMs: 1, engineMs: 0, toolMs: 0 },
    perTurn: [],
    ...over,
  };
}

const toolbox = record('toolbox', [
  probe('first-file', 'correct', 'answer'),
  probe('owner', 'wrong', 'answer'),
  probe('port', 'abstained', 'answer'),
  probe('deadline', 'correct', 'abstention'),
]);
const fleet = record('fleet', [probe('release', 'wrong', 'abstention'), probe('shell', 'correct', 'answer')]);

describe('the generality report', () => {
  it('counts the probes with an answer apart from the never-given ones', () => {
    const figures = generalityFigures(toolbox);
    expect(figures.answerable).toEqual({ correct: 1, wrong: 1, abstained: 1, total: 3 });
    expect(figures.neverGiven).toEqual([
      { id: 'deadline', outcome: 'abstained', reply: 'reply to deadline' },
    ]);
  });

  it('prints a row per run: right of the answerable, wrong, abstained, each never-given outcome, condensations', () => {
    expect(GENERALITY_HEADER).toHaveLength(8);
    expect(generalityRow('generality', generalityFigures(toolbox))).toEqual([
      'generality',
      'toolbox',
      'dropping',
      '1/3',
      '1',
      '1',
      'abstained',
      '0',
    ]);
    expect(generalityRow('generality', generalityFigures(fleet))[6]).toBe('answered');
  });

  it('says where a run failed, counting the probes it never reached against it', () => {
    const failed = record('toolbox', [probe('first-file', 'correct', 'answer')], {
      status: 'failed',
      error: { code: 'MODEL_FAILED', message: 'overflow', turn: 5 },
      score: { correct: 1, wrong: 0, abstained: 0, total: 4 },
    });
    expect(generalityRow('built-in', generalityFigures(failed))[3]).toBe('1/4 (failed at turn 5)');
  });

  it('sums a set of runs in one line', () => {
    expect(generalityTotals('generality (dropping)', [toolbox, fleet].map(generalityFigures))).toBe(
      'generality (dropping): 2/4 correct, 1 wrong, 1 abstained; never-given: 1 of 2 abstained',
    );
  });
});
