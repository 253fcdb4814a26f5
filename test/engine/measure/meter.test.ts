import { describe, expect, it } from 'vitest';
import { Meter } from '../../../engine/measure/meter.js';
import type { ModelRequest } from '../../../engine/model/port.js';
import { fakeModel } from '../helpers.js';

const request = (text: string): ModelRequest => ({ messages: [{ role: 'user', content: text }], tools: [] });

describe('measuring the context', () => {
  it('uses bytes at four a token before any figure is known', async () => {
    const meter = new Meter(fakeModel(() => ({ text: '', toolCalls: [] })));
    expect(await meter.measure(request('x'.repeat(400)))).toBe(100);
  });

  it('anchors on the last reported usage plus the change in bytes since', async () => {
    const meter = new Meter(fakeModel(() => ({ text: '', toolCalls: [] })));
    meter.anchorOn(1000, 3000);
    // 800 bytes more than when the runtime reported 1,000 tokens.
    expect(meter.estimateBytes(3800)).toBe(1200);
    // A reference that saved 2,000 bytes lowers the estimate by 500 tokens.
    expect(meter.estimateBytes(1000)).toBe(500);
    meter.forget();
    expect(meter.estimateBytes(1000)).toBe(250);
  });

  it('asks a model that counts and reports no usage for its own count', async () => {
    const counted: ModelRequest[] = [];
    const model = fakeModel(() => ({ text: '', toolCalls: [] }), {
      reportsUsage: false,
      countTokens: async (r) => {
        counted.push(r);
        return 4242;
      },
    });
    const meter = new Meter(model);
    meter.anchorOn(10, 10);
    expect(meter.counts).toBe(true);
    expect(await meter.measure(request('anything'))).toBe(4242);
    expect(counted).toHaveLength(1);
  });

  it('forgets its anchor and measures the new way when the model is switched', async () => {
    const reporting = fakeModel(() => ({ text: '', toolCalls: [] }));
    const counting = fakeModel(() => ({ text: '', toolCalls: [] }), {
      reportsUsage: false,
      countTokens: async () => 77,
    });
    const meter = new Meter(reporting);
    meter.anchorOn(1000, 40);
    expect(meter.counts).toBe(false);
    meter.switchModel(counting);
    expect(meter.anchor).toBeNull();
    expect(meter.counts).toBe(true);
    expect(await meter.measure(request('anything'))).toBe(77);
    meter.switchModel(reporting);
    expect(await meter.measure(request('x'.repeat(400)))).toBe(100);
  });
});
