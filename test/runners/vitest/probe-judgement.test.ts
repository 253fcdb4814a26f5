/**
 * How a scenario suite judges a probe's test: a right answer passes, a wrong one fails, an abstention
 * fails unless the suite allows it for that probe, a never-given probe passes only on "I don't know",
 * and a probe a failed run never reached fails, saying where the run failed.
 */
import { describe, expect, it } from 'vitest';
import type { ProbeResult, RunRecord } from '../../../records/run-record.js';
import { evidenceLine, probeAnnotations, probeFailure } from '../../../runners/vitest/probe-judgement.js';

function probe(
  id: string,
  verdict: ProbeResult['verdict'],
  expects: ProbeResult['expects'] = 'answer',
): ProbeResult {
  return {
    id,
    turn: 2,
    question: `${id}?`,
    reply:
      verdict === 'correct' && expects === 'answer'
        ? 'BLUE HERON'
        : verdict === 'wrong'
          ? 'RED FOX'
          : "I don't know.",
    verdict,
    expects,
    evidence: {
      inView: verdict === 'correct',
      atQuestion: false,
      channels: verdict === 'correct' ? ['facts'] : [],
      staleInView: false,
    },
    outcome:
      expects === 'abstention'
        ? 'never-given'
        : verdict === 'correct'
          ? 'delivered-correct'
          : 'not-delivered',
  };
}

const record = {
  id: 'tiny.target.reader.w4096.r0',
  error: null,
  condensations: [],
  gaps: [],
  probes: [
    probe('right', 'correct'),
    probe('wrong', 'wrong'),
    probe('unsure', 'abstained'),
    probe('never', 'correct', 'abstention'),
    probe('never-answered', 'wrong', 'abstention'),
  ],
} as unknown as RunRecord;

describe('probeFailure', () => {
  it('passes a right answer and fails a wrong one with its reply', () => {
    expect(probeFailure(record, 'right')).toBeNull();
    expect(probeFailure(record, 'wrong', true)).toBe(
      'probe wrong was answered wrong (not-delivered): tiny.target.reader.w4096.r0: "RED FOX"',
    );
  });

  it('fails an abstention unless the probe, or every probe, may abstain', () => {
    expect(probeFailure(record, 'unsure')).toBe(
      'probe unsure was not answered (not-delivered): tiny.target.reader.w4096.r0: "I don\'t know."',
    );
    expect(probeFailure(record, 'unsure', ['right'])).not.toBeNull();
    expect(probeFailure(record, 'unsure', ['unsure'])).toBeNull();
    expect(probeFailure(record, 'unsure', true)).toBeNull();
  });

  it('passes a never-given probe only on an abstention', () => {
    expect(probeFailure(record, 'never')).toBeNull();
    expect(probeFailure(record, 'never-answered', true)).toBe(
      'probe never-answered asks what was never given, and the model answered instead of saying it did not know: tiny.target.reader.w4096.r0: "RED FOX"',
    );
  });

  it('fails a probe the run never reached, with where it failed', () => {
    const failed = {
      ...record,
      probes: [],
      error: { code: 'CONTEXT_OVERFLOW', message: 'the request does not fit', turn: 3 },
    };
    expect(probeFailure(failed, 'right')).toBe(
      'tiny.target.reader.w4096.r0: probe right was never asked: the run failed at turn 3: the request does not fit',
    );
  });
});

describe('probe annotations', () => {
  it('say the reply, the verdict, the evidence, the condensing and the run folder, in that order', () => {
    expect(probeAnnotations(record, 'right', '/r/runs/x')).toEqual([
      { type: 'reply', message: 'BLUE HERON' },
      { type: 'verdict', message: 'correct (expects an answer)' },
      { type: 'evidence', message: 'delivered-correct; in view: yes; channels: facts' },
      { type: 'condensations', message: 'tiny.target.reader.w4096.r0: never condensed' },
      { type: 'results', message: '/r/runs/x' },
    ]);
    expect(evidenceLine(probe('never', 'correct', 'abstention'))).toBe('never-given: nothing to deliver');
  });
});
