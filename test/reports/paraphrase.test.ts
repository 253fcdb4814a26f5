import { describe, expect, it } from 'vitest';
import {
  changedLines,
  compareVariants,
  paraphraseFigures,
  paraphraseRow,
  paraphraseTotals,
  perVariantLines,
  verdictClass,
} from '../../reports/paraphrase.js';
import type { ProbeResult, RunRecord } from '../../records/run-record.js';
import { probeFields } from './probe-fields.js';
import { makeRecord } from './record-fixture.js';

function probe(
  id: string,
  verdict: ProbeResult['verdict'],
  expects: ProbeResult['expects'] = 'answer',
): ProbeResult {
  return { ...probeFields(verdict, expects), id, question: `${id} asked`, reply: `reply to ${id}` };
}

function run(probes: ProbeResult[], over: Partial<RunRecord> = {}): RunRecord {
  return { ...makeRecord({ scenario: 'toolbox' }), probes, ...over };
}

describe('paraphrase agreement', () => {
  it('compares a never-given probe by whether it abstained, and a probe with an answer by its verdict', () => {
    expect(verdictClass(probe('a', 'correct'))).toBe('correct');
    expect(verdictClass(probe('a', 'wrong'))).toBe('wrong');
    expect(verdictClass(probe('a', 'abstained'))).toBe('abstained');
    expect(verdictClass(probe('n', 'correct', 'abstention'))).toBe('abstained');
    expect(verdictClass(probe('n', 'wrong', 'abstention'))).toBe('answered');
    expect(verdictClass(undefined)).toBe('missing');
  });

  it('sets each variant against the original wording, probe by probe, and counts the right ones', () => {
    const original = run([
      probe('port', 'correct'),
      probe('owner', 'abstained'),
      probe('never', 'correct', 'abstention'),
    ]);
    const first = run([
      probe('port', 'correct'),
      probe('owner', 'correct'),
      probe('never', 'wrong', 'abstention'),
    ]);
    const second = run([
      probe('port', 'wrong'),
      probe('owner', 'abstained'),
      probe('never', 'correct', 'abstention'),
    ]);
    const outcomes = compareVariants(original, [first, second], ['port', 'owner', 'never']);
    expect(outcomes.map((o) => [o.probe, o.variant, o.original, o.verdict, o.kept, o.correct])).toEqual([
      ['port', 0, 'correct', 'correct', true, true],
      ['owner', 0, 'abstained', 'correct', false, true],
      ['never', 0, 'abstained', 'answered', false, false],
      ['port', 1, 'correct', 'wrong', false, false],
      ['owner', 1, 'abstained', 'abstained', true, false],
      ['never', 1, 'abstained', 'abstained', true, true],
    ]);
  });

  it('counts a probe a failed variant run never reached as not kept, even when the original missed it too', () => {
    const original = run([probe('port', 'correct')], { status: 'failed' });
    const failed = run([], { status: 'failed' });
    const [outcome] = compareVariants(original, [failed], ['port', 'gone']);
    expect(outcome).toMatchObject({ verdict: 'missing', kept: false, correct: false });
    expect(compareVariants(original, [failed], ['gone'])[0]).toMatchObject({
      original: 'missing',
      kept: false,
    });
  });

  it('leaves out probes that have no variants', () => {
    const original = run([probe('port', 'correct'), probe('other', 'wrong')]);
    expect(compareVariants(original, [original], ['port']).map((o) => o.probe)).toEqual(['port']);
  });

  it('gives the share kept and the right ones overall and per scenario', () => {
    const original = run([probe('port', 'correct'), probe('owner', 'wrong')]);
    const variant = run([probe('port', 'abstained'), probe('owner', 'wrong')]);
    const toolbox = compareVariants(original, [variant, original], ['port', 'owner']);
    const fleet = compareVariants(
      run([probe('x', 'correct', 'abstention')]),
      [run([probe('x', 'correct', 'abstention')])],
      ['x'],
    );
    const figures = paraphraseFigures([
      { scenario: 'toolbox', strategy: 'failfast', outcomes: toolbox },
      { scenario: 'generality/fleet', strategy: 'dropping', outcomes: fleet },
    ]);
    expect(figures).toMatchObject({
      variants: 5,
      kept: 4,
      share: 0.8,
      correct: 2,
      probes: 3,
      originalsCorrect: 2,
    });
    expect(figures.perScenario).toEqual([
      {
        scenario: 'toolbox',
        strategy: 'failfast',
        probes: 2,
        originalsCorrect: 1,
        variants: 4,
        kept: 3,
        share: 0.75,
        correct: 1,
      },
      {
        scenario: 'generality/fleet',
        strategy: 'dropping',
        probes: 1,
        originalsCorrect: 1,
        variants: 1,
        kept: 1,
        share: 1,
        correct: 1,
      },
    ]);
    expect(paraphraseRow(figures.perScenario[0]!)).toEqual([
      'toolbox',
      'failfast',
      '2',
      '1/2',
      '4',
      '3',
      '75.0%',
      '1/4',
    ]);
    expect(paraphraseTotals(figures)).toBe(
      "paraphrase: 4 of 5 variants (80.0%) keep their original's verdict; 2 of 5 correct (originals: 2 of 3 correct)",
    );
    expect(figures.perVariant).toEqual([
      { variant: 0, variants: 3, kept: 2, share: 2 / 3, correct: 1 },
      { variant: 1, variants: 2, kept: 2, share: 1, correct: 1 },
    ]);
    expect(perVariantLines(figures)[0]).toBe('variant #0: 2 of 3 kept (66.7%), 1 correct');
    expect(changedLines(toolbox)).toEqual(['toolbox port #0 correct -> abstained: "port asked"']);
  });

  it('gives a share of 0, not NaN, when there are no variants', () => {
    expect(paraphraseFigures([])).toMatchObject({ variants: 0, kept: 0, share: 0, perScenario: [] });
  });
});
