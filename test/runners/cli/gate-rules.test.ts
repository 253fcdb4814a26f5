/** A checkpoint's gate bounds cell values named as `compare --fail-if` names them. */
import { describe, expect, it } from 'vitest';
import { gateFailures } from '../../../runners/cli/commands/checkpoint.js';
import { checkpointSchema } from '../../../runners/matrix/checkpoint-spec.js';
import { makeRecord } from '../../reports/record-fixture.js';

const MODEL_DOWN = { code: 'MODEL_FAILED', message: 'connection refused', turn: null };

const rules = (gate: unknown[]) =>
  checkpointSchema.parse({
    name: 'x',
    scenarios: ['codename'],
    strategies: ['target'],
    windows: [8192],
    gate,
  }).gate;

describe('the gate of a checkpoint', () => {
  const records = [
    makeRecord({ run: 0, delivered: 4, outcomes: { alarm: 1 }, truncated: 2, calls: { turn: 10 } }),
    makeRecord({ run: 1, delivered: 2, outcomes: { alarm: 0 }, truncated: 0, calls: { turn: 20 } }),
    makeRecord({ run: 2, status: 'failed', error: MODEL_DOWN, delivered: 0, calls: { turn: 100 } }),
  ];

  it('bounds the honesty figures, calls and failed runs, leaving failed runs out of the means', () => {
    const failures = gateFailures(
      rules([
        { metric: 'alarm', max: 0 },
        { metric: 'delivered', min: 3.5 },
        { metric: 'truncated', max: 1 },
        { metric: 'calls', max: 14 },
        { metric: 'failed', max: 0 },
      ]),
      records,
    );
    expect(failures).toEqual([
      'gate: codename target reader 8192: mean alarm 0.5 is above 0',
      'gate: codename target reader 8192: mean delivered 3 is below 3.5',
      'gate: codename target reader 8192: mean calls 15 is above 14',
      'gate: codename target reader 8192: failed runs 1 is above 0',
    ]);
  });

  it('keeps modelCalls as the old name of calls, and passes within every bound', () => {
    expect(gateFailures(rules([{ metric: 'modelCalls', max: 14 }]), records)).toEqual([
      'gate: codename target reader 8192: mean modelCalls 15 is above 14',
    ]);
    expect(
      gateFailures(
        rules([
          { metric: 'calls', max: 15 },
          { metric: 'alarm', max: 0.5 },
          { metric: 'failed', max: 1 },
        ]),
        records,
      ),
    ).toEqual([]);
  });

  it('refuses a metric no report shows, naming the allowed ones', () => {
    expect(() => rules([{ metric: 'score', min: 1 }])).toThrow(/alarm/);
  });
});
