import { describe, expect, it } from 'vitest';
import { TruncationWatch } from '../../../engine/index.js';

describe('the truncation watch', () => {
  it('marks a request above the window whose report falls clearly short of it', () => {
    const watch = new TruncationWatch();
    expect(watch.truncated({ estimated: 3000, reported: 2700, window: 8192 })).toBe(false);
    // At the runtime's rate (0.9 a token) 10,000 estimated take 9,000: a report of 7,900 lost the front.
    expect(watch.truncated({ estimated: 10000, reported: 7900, window: 8192 })).toBe(true);
  });

  it('learns the rate from requests taken whole, so a runtime counting fewer tokens is not marked', () => {
    const watch = new TruncationWatch();
    // A tokenizer at 0.8 a token: the request looks above the window by the estimate, and is not.
    expect(watch.truncated({ estimated: 4000, reported: 3200, window: 8192 })).toBe(false);
    expect(watch.truncated({ estimated: 9000, reported: 7200, window: 8192 })).toBe(false);
    // One counting more than four bytes a token is marked where the estimate alone would miss it.
    const dense = new TruncationWatch();
    expect(dense.truncated({ estimated: 4000, reported: 4400, window: 8192 })).toBe(false);
    expect(dense.truncated({ estimated: 8000, reported: 7000, window: 8192 })).toBe(true);
  });

  it('never marks without a window, a report above the window, or one just short of the line', () => {
    const watch = new TruncationWatch();
    expect(watch.truncated({ estimated: 20000, reported: 5000, window: null })).toBe(false);
    expect(watch.truncated({ estimated: 9000, reported: 9000, window: 8192 })).toBe(false);
    expect(watch.truncated({ estimated: 8400, reported: 8100, window: 8192 })).toBe(false);
  });

  it('keeps the rate of the last whole request through truncated ones', () => {
    const watch = new TruncationWatch();
    expect(watch.truncated({ estimated: 5000, reported: 5000, window: 8192 })).toBe(false);
    expect(watch.truncated({ estimated: 12000, reported: 8000, window: 8192 })).toBe(true);
    expect(watch.truncated({ estimated: 12500, reported: 8100, window: 8192 })).toBe(true);
  });
});
