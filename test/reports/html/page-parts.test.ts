import { describe, expect, it } from 'vitest';
import { fillChart } from '../../../reports/html/charts.js';
import { escapeHtml, scriptJson } from '../../../reports/html/escape.js';
import { formatInterval, meanInterval } from '../../../reports/html/interval.js';
import { StringTable } from '../../../reports/html/inspector-data.js';
import { overviewTable } from '../../../reports/html/tables.js';
import type { RunRecord } from '../../../records/run-record.js';
import { makeRecord } from '../record-fixture.js';

describe('the report page parts', () => {
  it('embeds data that no text can close the script element of', () => {
    const json = scriptJson({ text: '</script><script>alert(1)</script> \u2028' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script> \u2028' });
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('stores each text once', () => {
    const table = new StringTable();
    expect([table.add('a'), table.add('b'), table.add('a'), table.add(null)]).toEqual([0, 1, 0, -1]);
    expect(table.strings).toEqual(['a', 'b']);
  });

  it('shows the honesty figures of each cell in the overview, failed runs apart', () => {
    const html = overviewTable([
      makeRecord({
        run: 0,
        correct: 2,
        delivered: 3,
        outcomes: { deliveredCorrect: 2, deliveredMissed: 1, notDelivered: 1, neverEntered: 2, alarm: 1 },
        truncated: 3,
      }),
      makeRecord({ run: 1, status: 'failed', error: { code: 'MODEL_FAILED', message: 'gone', turn: null } }),
    ]);
    const header = [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(header).toEqual([
      'scenario',
      'strategy',
      'model',
      'window',
      'runs',
      'failed',
      'correct',
      'wrong',
      'abstained',
      'delivered',
      'missed',
      'not delivered',
      'never entered',
      'alarm',
      'truncated',
      'condensations',
      'model calls',
      'time (s)',
    ]);
    const cells = [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
    // Two runs, one failed: every figure is the measured run's.
    expect(cells.slice(4, 15)).toEqual([
      '2',
      '1',
      expect.stringMatching(/>2 \/ /),
      '0',
      '0',
      '3 / 2',
      '1',
      '1',
      '2',
      '1',
      '3',
    ]);
  });

  it('gives a mean alone for one run, and the 95% interval for repeats', () => {
    expect(formatInterval(meanInterval([3]))).toBe('3');
    expect(formatInterval(meanInterval([2, 2, 2]))).toBe('2.0 ± 0.0');
    // sd 1 over 3 runs: t(2) = 4.303, so 4.303 / sqrt(3) = 2.48.
    expect(formatInterval(meanInterval([1, 2, 3]), 2)).toBe('2.00 ± 2.48');
  });

  it('draws one point per turn, a turn with no request left out, and each condensation and probe', () => {
    const record = {
      id: 'x.target.reader.w1000.r0',
      turns: 4,
      condensations: [
        {
          turn: 3,
          reason: 'budget',
          fillBefore: 900,
          fillAfter: 500,
          goal: 600,
          headroom: 100,
          floor: false,
          turnsDropped: 1,
        },
      ],
      probes: [{ id: 'p', turn: 4, question: 'Q <b>?', reply: 'r', verdict: 'wrong' }],
    } as unknown as RunRecord;
    const svg = fillChart(
      record,
      { fill: [100, 400, 550, null], peak: [100, 800, 700, null], reported: [90, null, null, null] },
      { window: 1000, budget: 850, goal: 600 },
    );
    expect(svg.match(/class="fill-point"/g)).toHaveLength(3);
    expect(svg.match(/class="condensation budget"/g)).toHaveLength(1);
    expect(svg).toContain('500 tokens, goal 600, landed under it');
    expect(svg).toContain('class="probe-mark verdict-wrong" data-turn="4"');
    expect(svg).toContain('Q &lt;b&gt;?');
  });
});
