/**
 * The report's tables: the overview of the cells (a scenario, strategy, model and window over its
 * runs) and a run's probes.
 */
import { measuredRuns } from '../../records/failed-runs.js';
import type { ProbeResult, RunRecord } from '../../records/run-record.js';
import { escapeHtml } from './escape.js';
import { formatInterval, meanInterval } from './interval.js';

/** The runs of one cell, in the order given. */
export interface Cell {
  key: string;
  runs: RunRecord[];
}

/** Groups runs by scenario, strategy, model and window, in the order each cell first appears. */
export function cellsOf(records: readonly RunRecord[]): Cell[] {
  const cells = new Map<string, Cell>();
  for (const r of records) {
    const key = [r.scenario, r.strategy, r.model, r.window].join('\u0000');
    const cell = cells.get(key) ?? { key, runs: [] };
    cell.runs.push(r);
    cells.set(key, cell);
  }
  return [...cells.values()];
}

const modelCalls = (r: RunRecord): number =>
  r.modelCalls.turn + r.modelCalls.distil + r.modelCalls.summary + r.modelCalls.assessment;

const stat = (runs: readonly RunRecord[], of: (r: RunRecord) => number, digits = 1): string =>
  formatInterval(meanInterval(runs.map(of)), digits);

/**
 * The overview table: one row per cell, with means and 95% intervals where a cell has repeats: the
 * verdicts, then the honesty figures (delivered, the outcome cells, the alarm, truncated requests),
 * with failed runs counted apart and left out of every figure.
 */
export function overviewTable(records: readonly RunRecord[]): string {
  const rows = cellsOf(records).map(({ runs: all }) => {
    const first = all[0] as RunRecord;
    const total = first.score.total;
    // A failed run measures nothing: every figure is over the others, and it is counted apart.
    const runs = measuredRuns(all);
    const share =
      runs.reduce((sum, r) => sum + r.score.correct / Math.max(1, r.score.total), 0) /
      Math.max(1, runs.length);
    const failed = all.length - runs.length;
    const alarm = runs.reduce((sum, r) => sum + r.outcomes.alarm, 0);
    const truncated = runs.reduce((sum, r) => sum + r.truncated, 0);
    return (
      `<tr class="cell-row" data-run="${escapeHtml(first.id)}" tabindex="0">` +
      `<td>${escapeHtml(first.scenario)}</td><td>${escapeHtml(first.strategy)}</td>` +
      `<td>${escapeHtml(first.model)}</td><td class="num">${first.window.toLocaleString('en-GB')}</td>` +
      `<td class="num">${all.length}</td>` +
      `<td class="num${failed > 0 ? ' bad' : ''}">${failed}</td>` +
      `<td class="num score"><span class="bar" style="--share:${share.toFixed(3)}"></span>${stat(runs, (r) => r.score.correct)} / ${total}</td>` +
      `<td class="num">${stat(runs, (r) => r.score.wrong)}</td>` +
      `<td class="num">${stat(runs, (r) => r.score.abstained)}</td>` +
      `<td class="num">${stat(runs, (r) => r.delivered.inView)} / ${first.delivered.total}</td>` +
      `<td class="num">${stat(runs, (r) => r.outcomes.deliveredMissed)}</td>` +
      `<td class="num">${stat(runs, (r) => r.outcomes.notDelivered)}</td>` +
      `<td class="num">${stat(runs, (r) => r.outcomes.neverEntered)}</td>` +
      `<td class="num${alarm > 0 ? ' bad' : ''}">${alarm}</td>` +
      `<td class="num${truncated > 0 ? ' bad' : ''}">${truncated}</td>` +
      `<td class="num">${stat(runs, (r) => r.condensations.length)}</td>` +
      `<td class="num">${stat(runs, modelCalls)}</td>` +
      `<td class="num">${stat(runs, (r) => r.timing.totalMs / 1000, 2)}</td>` +
      '</tr>'
    );
  });
  return (
    '<table class="overview"><thead><tr>' +
    '<th>scenario</th><th>strategy</th><th>model</th><th>window</th><th>runs</th>' +
    '<th title="runs that could not be carried out: left out of every figure">failed</th><th>correct</th>' +
    '<th>wrong</th><th>abstained</th><th title="probes whose evidence was in view when asked">delivered</th>' +
    '<th title="evidence in view, the reply not right: the model\'s miss">missed</th>' +
    '<th title="evidence sent earlier in the run but not when asked: the engine\'s loss">not delivered</th>' +
    '<th title="evidence in no request of the run before the question: no loss of the engine\'s">never entered</th>' +
    '<th title="right answers whose evidence was never sent">alarm</th>' +
    '<th title="requests whose front the runtime dropped silently">truncated</th>' +
    '<th>condensations</th><th>model calls</th><th>time (s)</th>' +
    `</tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

/** Each scenario's probes' expectations in words, by probe id. */
export type ProbeExpectations = Record<string, Record<string, string>>;

function evidenceText(p: ProbeResult): string {
  if (p.expects === 'abstention') return 'never given';
  if (p.outcome === 'never-entered') return 'never entered the run (in no request before the question)';
  if (!p.evidence.inView) return p.evidence.staleInView ? 'not in view (only a stale value)' : 'not in view';
  return `in view: ${p.evidence.channels.join(', ')}${p.evidence.atQuestion ? '' : ' (after a tool call)'}`;
}

/** A run's probes: question, reply, expectation, verdict, and whether the evidence was sent. */
export function probesTable(record: RunRecord, expectations: ProbeExpectations): string {
  const expected = expectations[record.scenario] ?? {};
  const rows = record.probes.map((p) => {
    const expectation = expected[p.id] ?? (p.expects === 'abstention' ? 'says it does not know' : '');
    return (
      `<tr class="probe-row verdict-${p.verdict}" data-turn="${p.turn}" data-probe="${escapeHtml(p.id)}" tabindex="0" title="open the context at turn ${p.turn}">` +
      `<td class="num">${p.turn}</td><td>${escapeHtml(p.id)}</td>` +
      `<td>${escapeHtml(p.question)}</td><td>${escapeHtml(p.reply)}</td>` +
      `<td class="expect">${escapeHtml(expectation)}</td>` +
      `<td><span class="verdict verdict-${p.verdict}">${p.verdict}</span></td>` +
      `<td class="muted">${escapeHtml(evidenceText(p))}</td></tr>`
    );
  });
  return (
    '<table class="probes"><thead><tr><th>turn</th><th>probe</th><th>question</th><th>reply</th>' +
    '<th>expected</th><th>verdict</th><th>evidence</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}
