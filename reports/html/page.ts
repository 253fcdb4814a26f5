/**
 * The report page: one self-contained HTML file (styles, script, charts and data inline) that opens
 * from disk with no server and no network. Charts and tables are written here; the context
 * inspector is drawn by the page's script from the data embedded at its end.
 */
import { whereFailed } from '../../records/failed-runs.js';
import { condensingLine } from '../condensing.js';
import type { RunRecord } from '../../records/run-record.js';
import { comparisonChart, fillChart, type FillLimits, type FillSeries } from './charts.js';
import { escapeHtml, scriptJson } from './escape.js';
import type { RunInspectorData } from './inspector-data.js';
import { overviewTable, probesTable, type ProbeExpectations } from './tables.js';

/** A run as the report shows it; without its files (a run folder that could not be read) it has no
 * chart of its requests and no inspector. */
export interface ReportRun {
  record: RunRecord;
  series: FillSeries | null;
  limits: FillLimits;
  inspector: RunInspectorData | null;
}

export interface ReportInput {
  /** The results folder's name. */
  title: string;
  runs: ReportRun[];
  /** The texts the inspectors' data refers to by number. */
  strings: string[];
  expectations: ProbeExpectations;
  css: string;
  script: string;
}

/** The data the page's script reads. */
export interface ReportData {
  version: 1;
  strings: string[];
  runs: Record<string, RunInspectorData>;
}

const n = (value: number): string => value.toLocaleString('en-GB');

function runSummary(r: RunRecord): string {
  const calls = r.modelCalls.turn + r.modelCalls.distil + r.modelCalls.summary + r.modelCalls.assessment;
  const parts = [
    `${r.score.correct}/${r.score.total} correct, ${r.score.wrong} wrong, ${r.score.abstained} abstained`,
    `delivered ${r.delivered.inView}/${r.delivered.total}`,
    `${r.condensations.length} condensation${r.condensations.length === 1 ? '' : 's'}`,
    `${n(calls)} model calls`,
    `${r.turns} turns`,
    `${(r.timing.totalMs / 1000).toFixed(2)} s`,
  ];
  if (r.truncated > 0) parts.push(`${r.truncated} truncated`);
  if (r.outcomes.alarm > 0) parts.push(`alarm ${r.outcomes.alarm}`);
  return parts.map(escapeHtml).join(' · ');
}

function condensationsTable(r: RunRecord): string {
  if (r.condensations.length === 0) return '<p class="muted">No condensation.</p>';
  const rows = r.condensations.map(
    (c) =>
      `<tr class="condensation-row" data-turn="${c.turn}" tabindex="0"><td class="num">${c.turn}</td><td>${c.reason}</td>` +
      `<td class="num">${n(c.fillBefore)}</td><td class="num">${n(c.fillAfter)}</td>` +
      `<td class="num">${c.goal === null ? '-' : n(c.goal)}</td>` +
      `<td>${c.goal === null ? '' : c.fillAfter <= c.goal ? 'under the goal' : '<span class="bad">above the goal</span>'}</td>` +
      `<td class="num">${c.turnsDropped}</td><td class="num">${n(c.headroom)}</td><td>${c.floor ? 'floor' : ''}</td></tr>`,
  );
  return (
    '<table class="condensations"><thead><tr><th>before turn</th><th>reason</th><th>fill before</th>' +
    '<th>fill after</th><th>goal</th><th></th><th>turns dropped</th><th>headroom</th><th></th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function runArticle(run: ReportRun, expectations: ProbeExpectations): string {
  const r = run.record;
  const line = condensingLine(r);
  return (
    `<article class="run" data-run="${escapeHtml(r.id)}" hidden>` +
    `<h3>${escapeHtml(r.id)}</h3>` +
    `<p class="summary">${runSummary(r)}</p>` +
    (r.error ? `<p class="bad">failed ${whereFailed(r.error)}: ${escapeHtml(r.error.message)}</p>` : '') +
    (line ? `<p class="muted">${escapeHtml(line)}</p>` : '') +
    (run.series
      ? `<figure>${fillChart(r, run.series, run.limits)}<figcaption>` +
        "The context's fill at each turn's first request (the engine's estimate, points) and at its largest request (pale line), " +
        'against the window, the budget and the goal. Arrows: condensations, from the fill before to the fill after. ' +
        'Their figures measure the context alone, without the prompt and tool definitions a request adds. Bottom strip: probes by verdict; click one, or a point, to open the context at that turn.</figcaption></figure>'
      : '<p class="muted">The run folder could not be read: no chart and no inspector.</p>') +
    `<details class="condensation-list"${r.condensations.length > 0 ? '' : ''}><summary>Condensations (${r.condensations.length})</summary>${condensationsTable(r)}</details>` +
    `<h4>Probes</h4>${probesTable(r, expectations)}` +
    '</article>'
  );
}

/** Groups with two or more strategies on one scenario, model and window: each strategy's first run. */
function comparisons(runs: readonly ReportRun[]): { title: string; runs: ReportRun[] }[] {
  const groups = new Map<string, Map<string, ReportRun>>();
  for (const run of runs) {
    if (run.series === null) continue;
    const r = run.record;
    const key = `${r.scenario} · ${r.model} · window ${n(r.window)}`;
    const byStrategy = groups.get(key) ?? new Map<string, ReportRun>();
    const held = byStrategy.get(r.strategy);
    if (held === undefined || r.run < held.record.run) byStrategy.set(r.strategy, run);
    groups.set(key, byStrategy);
  }
  return [...groups.entries()]
    .filter(([, byStrategy]) => byStrategy.size >= 2)
    .map(([title, byStrategy]) => ({ title, runs: [...byStrategy.values()] }));
}

function comparisonSection(runs: readonly ReportRun[]): string {
  const groups = comparisons(runs);
  if (groups.length === 0)
    return '<section id="compare"><h2>Strategies compared</h2><p class="muted">Only one strategy per scenario and window: nothing to compare.</p></section>';
  const options = groups.map((g, i) => `<option value="${i}">${escapeHtml(g.title)}</option>`).join('');
  const figures = groups
    .map((g, i) => {
      const first = g.runs[0] as ReportRun;
      return (
        `<figure class="comparison" data-group="${i}"${i === 0 ? '' : ' hidden'}>` +
        comparisonChart(
          g.runs.map((run) => ({ record: run.record, series: run.series as FillSeries })),
          { ...first.limits, goal: null },
        ) +
        `<figcaption>${escapeHtml(g.title)}: the fill at each turn's first request, each strategy's first run; ` +
        'vertical strokes are its condensations.</figcaption></figure>'
      );
    })
    .join('');
  return (
    '<section id="compare"><h2>Strategies compared</h2>' +
    `<label>Scenario and window <select id="compare-select">${options}</select></label>${figures}</section>`
  );
}

function runSelect(runs: readonly ReportRun[]): string {
  const byScenario = new Map<string, ReportRun[]>();
  for (const run of runs)
    byScenario.set(run.record.scenario, [...(byScenario.get(run.record.scenario) ?? []), run]);
  const groups = [...byScenario.entries()].map(
    ([scenario, list]) =>
      `<optgroup label="${escapeHtml(scenario)}">` +
      list
        .map(
          ({ record: r }) =>
            `<option value="${escapeHtml(r.id)}">${escapeHtml(`${r.strategy} · ${r.model} · ${r.window} · run ${r.run} — ${r.score.correct}/${r.score.total}`)}</option>`,
        )
        .join('') +
      '</optgroup>',
  );
  return `<select id="run-select">${groups.join('')}</select>`;
}

/** The whole page. */
export function renderReport(input: ReportInput): string {
  const data: ReportData = {
    version: 1,
    strings: input.strings,
    runs: Object.fromEntries(
      input.runs.flatMap((run) => (run.inspector ? [[run.record.id, run.inspector] as const] : [])),
    ),
  };
  const records = input.runs.map((run) => run.record);
  const scenarios = [...new Set(records.map((r) => r.scenario))];
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>wisp-eval: ${escapeHtml(input.title)}</title>`,
    `<style>${input.css}</style></head><body>`,
    `<header><h1>wisp-eval report: ${escapeHtml(input.title)}</h1>`,
    `<p class="muted">${records.length} run${records.length === 1 ? '' : 's'} of ${scenarios.map(escapeHtml).join(', ')}. ` +
      'Everything here comes from the results folder; the page needs no network.</p>',
    '<nav><a href="#overview">Overview</a> <a href="#compare">Strategies compared</a> <a href="#runs">Runs</a></nav></header>',
    '<main>',
    '<section id="overview"><h2>Overview</h2>',
    '<p class="muted">One row per scenario, strategy, model and window; with repeats, the mean ± the half-width of its 95% interval. Click a row to see its first run.</p>',
    overviewTable(records),
    '</section>',
    comparisonSection(input.runs),
    `<section id="runs"><h2>Runs</h2><label>Run ${runSelect(input.runs)}</label>`,
    input.runs.map((run) => runArticle(run, input.expectations)).join(''),
    '<section id="inspector" hidden></section>',
    '</section></main>',
    `<script type="application/json" id="report-data">${scriptJson(data)}</script>`,
    `<script>${input.script}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
