import { describe, expect, it } from 'vitest';
import { generalityFigures } from '../../reports/generality-table.js';
import { generalityJsonSchema, setTotals, type GeneralityJson } from '../../reports/generality-json.js';
import { makeRecord } from './record-fixture.js';

const totals = setTotals('failfast', [
  generalityFigures(makeRecord({ scenario: 'a', correct: 2, wrong: 1, abstained: 1 })),
  generalityFigures(makeRecord({ scenario: 'b', correct: 3, status: 'failed' })),
]);

const sample: GeneralityJson = {
  version: 1,
  model: 'reader',
  window: 32768,
  generality: null,
  unloaded: [{ file: 'x/scenario.yaml', message: 'bad pattern' }],
  builtin: totals,
  builtinDropping: totals,
  paraphrase: {
    variants: 10,
    kept: 7,
    share: 0.7,
    correct: 6,
    probes: 2,
    originalsCorrect: 2,
    perScenario: [
      {
        scenario: 'codename',
        strategy: 'failfast',
        variants: 10,
        kept: 7,
        share: 0.7,
        correct: 6,
        probes: 2,
        originalsCorrect: 2,
      },
    ],
    perVariant: [{ variant: 0, variants: 10, kept: 7, share: 0.7, correct: 6 }],
    unavailable: [],
  },
  readRequests: {
    shapes: ['top'],
    readTrue: { total: 1, opened: 1, perShape: { top: 1 } },
    readFalse: { total: 1, opened: 0, openedUnread: 0, perShape: { top: { read: 0, unread: 0 } } },
    failures: [],
    contextNotReady: 0,
  },
};

describe('the generality JSON object', () => {
  it('sums a set of runs: answerable probes by verdict, never-given ones, failed runs', () => {
    expect(totals).toEqual({
      strategy: 'failfast',
      scenarios: 2,
      correct: 5,
      wrong: 1,
      abstained: 1,
      answerable: 7,
      neverGiven: { abstained: 0, total: 0 },
      failedRuns: 1,
    });
  });

  it('accepts the object the suite builds, with parts left out as null', () => {
    expect(generalityJsonSchema.parse(sample)).toEqual(sample);
    expect(
      generalityJsonSchema.parse({ ...sample, paraphrase: null, readRequests: null }).paraphrase,
    ).toBeNull();
  });

  it('refuses another version, an unknown field, a share above one or a missing part', () => {
    expect(generalityJsonSchema.safeParse({ ...sample, version: 2 }).success).toBe(false);
    expect(generalityJsonSchema.safeParse({ ...sample, extra: 1 }).success).toBe(false);
    expect(
      generalityJsonSchema.safeParse({ ...sample, paraphrase: { ...sample.paraphrase, share: 1.5 } }).success,
    ).toBe(false);
    const { builtin: _builtin, ...withoutBuiltin } = sample;
    expect(generalityJsonSchema.safeParse(withoutBuiltin).success).toBe(false);
  });
});
