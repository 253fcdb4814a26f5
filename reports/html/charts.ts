/**
 * The report's charts, written as SVG directly: a run's fill per turn against its window, budget and
 * goal, with each condensation and each probe marked; and the fill of several strategies on one
 * scenario and window. Every mark carries a <title>, which a browser shows on hover.
 */
import type { RunRecord, Verdict } from '../../records/run-record.js';
import { escapeHtml } from './escape.js';

/** The fill of one run, turn by turn. */
export interface FillSeries {
  /** The engine's estimate of each turn's first request (index 0: turn 1); null where none was made. */
  fill: (number | null)[];
  /** Each turn's largest request. */
  peak: (number | null)[];
  /** What the runtime reported for the first request, where it did. */
  reported: (number | null)[];
}

/** The lines a run condenses by. */
export interface FillLimits {
  window: number;
  budget: number | null;
  goal: number | null;
}

const WIDTH = 760;
const HEIGHT = 280;
const LEFT = 58;
const RIGHT = 96;
const TOP = 14;
/** Room under the plot for the turn axis and the probes' strip. */
const BOTTOM = 58;

const n = (value: number): string => value.toLocaleString('en-GB');
const r1 = (value: number): string => (Math.round(value * 10) / 10).toString();

interface Scale {
  x: (turn: number) => number;
  y: (tokens: number) => number;
  plotBottom: number;
}

function scaleFor(turns: number, maxTokens: number): Scale {
  const plotBottom = HEIGHT - BOTTOM;
  const span = Math.max(1, turns - 1);
  return {
    x: (turn) => LEFT + ((turn - 1) / span) * (WIDTH - LEFT - RIGHT),
    y: (tokens) => plotBottom - (tokens / maxTokens) * (plotBottom - TOP),
    plotBottom,
  };
}

function niceStep(max: number): number {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? rough;
}

function axes(scale: Scale, turns: number, maxTokens: number): string {
  const parts: string[] = [];
  const step = niceStep(maxTokens);
  for (let tokens = 0; tokens <= maxTokens; tokens += step) {
    const y = r1(scale.y(tokens));
    parts.push(
      `<line class="grid" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y}" y2="${y}"/>`,
      `<text class="tick" x="${LEFT - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${n(tokens)}</text>`,
    );
  }
  const every = turns <= 20 ? 1 : turns <= 50 ? 5 : 10;
  for (let turn = 1; turn <= turns; turn++) {
    if (turn !== 1 && turn % every !== 0) continue;
    const x = r1(scale.x(turn));
    parts.push(
      `<text class="tick" x="${x}" y="${scale.plotBottom + 14}" text-anchor="middle">${turn}</text>`,
    );
  }
  parts.push(
    `<text class="axis-label" x="${WIDTH - RIGHT + 4}" y="${scale.plotBottom + 14}">turn</text>`,
    `<text class="axis-label" x="12" y="${TOP + 4}" transform="rotate(-90 12 ${TOP + 4})" text-anchor="end">tokens</text>`,
  );
  return parts.join('');
}

function limitLine(scale: Scale, tokens: number, cls: string, label: string): string {
  const y = r1(scale.y(tokens));
  return (
    `<line class="limit ${cls}" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y}" y2="${y}"><title>${label}</title></line>` +
    `<text class="limit-label ${cls}" x="${WIDTH - RIGHT + 4}" y="${y}" dominant-baseline="middle">${label}</text>`
  );
}

function path(points: readonly (readonly [number, number] | null)[]): string {
  let d = '';
  let pen = false;
  for (const point of points) {
    if (point === null) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${r1(point[0])} ${r1(point[1])}`;
    pen = true;
  }
  return d;
}

function maxOf(values: readonly (number | null)[]): number {
  return values.reduce<number>((max, v) => (v !== null && v > max ? v : max), 0);
}

const VERDICT_LABEL: Record<Verdict, string> = { correct: 'correct', wrong: 'wrong', abstained: 'abstained' };

/** A run's fill chart: one point per turn, the limits, the condensations and the probes. */
export function fillChart(record: RunRecord, series: FillSeries, limits: FillLimits): string {
  const turns = Math.max(1, record.turns);
  const maxTokens = Math.max(limits.window, maxOf(series.peak), maxOf(series.fill)) * 1.04;
  const scale = scaleFor(turns, maxTokens);
  const parts = [
    `<svg class="chart fill-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="context fill per turn of ${escapeHtml(record.id)}">`,
    axes(scale, turns, maxTokens),
    limitLine(scale, limits.window, 'window', `window ${n(limits.window)}`),
  ];
  if (limits.budget !== null)
    parts.push(limitLine(scale, limits.budget, 'budget', `budget ${n(limits.budget)}`));
  if (limits.goal !== null) parts.push(limitLine(scale, limits.goal, 'goal', `goal ${n(limits.goal)}`));
  const point = (values: readonly (number | null)[]) =>
    values.map((v, i) => (v === null ? null : ([scale.x(i + 1), scale.y(v)] as const)));
  parts.push(`<path class="peak-line" d="${path(point(series.peak))}"/>`);
  parts.push(`<path class="fill-line" d="${path(point(series.fill))}"/>`);
  series.fill.forEach((tokens, i) => {
    if (tokens === null) return;
    const turn = i + 1;
    const reported = series.reported[i];
    const peak = series.peak[i];
    const title =
      `turn ${turn}: ${n(tokens)} tokens at its first request` +
      (reported !== null && reported !== undefined ? ` (reported ${n(reported)})` : '') +
      (peak !== null && peak !== undefined && peak !== tokens ? `, ${n(peak)} at its largest` : '');
    parts.push(
      `<circle class="fill-point" data-turn="${turn}" cx="${r1(scale.x(turn))}" cy="${r1(scale.y(tokens))}" r="3"><title>${title}</title></circle>`,
    );
  });
  for (const c of record.condensations) {
    const x = r1(scale.x(c.turn));
    const title =
      `condensation before turn ${c.turn} (${c.reason}): ${n(c.fillBefore)} -> ${n(c.fillAfter)} tokens` +
      (c.goal !== null
        ? `, goal ${n(c.goal)}${c.fillAfter <= c.goal ? ', landed under it' : ', above it'}`
        : '') +
      `; ${c.turnsDropped} turn${c.turnsDropped === 1 ? '' : 's'} dropped` +
      (c.floor ? '; floor reached' : '');
    parts.push(
      `<g class="condensation ${c.reason}" data-turn="${c.turn}"><title>${title}</title>` +
        `<line x1="${x}" x2="${x}" y1="${r1(scale.y(c.fillBefore))}" y2="${r1(scale.y(c.fillAfter))}"/>` +
        `<path d="M${r1(Number(x) - 4)} ${r1(scale.y(c.fillAfter) - 6)}L${x} ${r1(scale.y(c.fillAfter))}L${r1(Number(x) + 4)} ${r1(scale.y(c.fillAfter) - 6)}"/>` +
        `<circle cx="${x}" cy="${r1(scale.y(c.fillBefore))}" r="2.5"/></g>`,
    );
  }
  const stripY = scale.plotBottom + 30;
  parts.push(
    `<text class="axis-label" x="${LEFT - 6}" y="${stripY}" text-anchor="end" dominant-baseline="middle">probes</text>`,
  );
  const stacked = new Map<number, number>();
  for (const p of record.probes) {
    const level = stacked.get(p.turn) ?? 0;
    stacked.set(p.turn, level + 1);
    const title = `turn ${p.turn}, ${escapeHtml(p.id)}: ${VERDICT_LABEL[p.verdict]} — ${escapeHtml(p.question)}`;
    parts.push(
      `<circle class="probe-mark verdict-${p.verdict}" data-turn="${p.turn}" data-probe="${escapeHtml(p.id)}" ` +
        `cx="${r1(scale.x(p.turn))}" cy="${stripY - level * 9}" r="4.5" tabindex="0"><title>${title}</title></circle>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** One strategy's line in a comparison. */
export interface ComparedRun {
  record: RunRecord;
  series: FillSeries;
}

/** Colours for compared strategies, told apart also by dash pattern. */
const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#17becf',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
];
const DASHES = ['', '6 3', '2 2', '8 3 2 3', '', '6 3', '2 2', '8 3 2 3', ''];

/** The fill of several strategies' runs on one scenario and window, one line each. */
export function comparisonChart(runs: readonly ComparedRun[], limits: FillLimits): string {
  const turns = Math.max(1, ...runs.map((r) => r.record.turns));
  const maxTokens = Math.max(limits.window, ...runs.map((r) => maxOf(r.series.fill))) * 1.04;
  const scale = scaleFor(turns, maxTokens);
  const parts = [
    `<svg class="chart comparison-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="fill per turn by strategy">`,
    axes(scale, turns, maxTokens),
    limitLine(scale, limits.window, 'window', `window ${n(limits.window)}`),
  ];
  if (limits.budget !== null)
    parts.push(limitLine(scale, limits.budget, 'budget', `budget ${n(limits.budget)}`));
  runs.forEach(({ record, series }, i) => {
    const colour = PALETTE[i % PALETTE.length] ?? '#333';
    const dash = DASHES[i % DASHES.length] ?? '';
    const points = series.fill.map((v, t) => (v === null ? null : ([scale.x(t + 1), scale.y(v)] as const)));
    parts.push(
      `<g class="strategy-line" data-strategy="${escapeHtml(record.strategy)}" data-run="${escapeHtml(record.id)}">` +
        `<title>${escapeHtml(record.strategy)}: ${record.score.correct}/${record.score.total} correct, ${record.condensations.length} condensations</title>` +
        `<path d="${path(points)}" stroke="${colour}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
    );
    series.fill.forEach((tokens, t) => {
      if (tokens === null) return;
      parts.push(
        `<circle class="compare-point" data-turn="${t + 1}" cx="${r1(scale.x(t + 1))}" cy="${r1(scale.y(tokens))}" r="1.8" fill="${colour}"/>`,
      );
    });
    for (const c of record.condensations)
      parts.push(
        `<path class="compare-condensation" d="M${r1(scale.x(c.turn))} ${r1(scale.y(c.fillBefore))}V${r1(scale.y(c.fillAfter))}" stroke="${colour}"/>`,
      );
    parts.push('</g>');
  });
  parts.push('</svg>');
  const legend = runs
    .map(({ record }, i) => {
      const colour = PALETTE[i % PALETTE.length] ?? '#333';
      const dash = DASHES[i % DASHES.length] ?? '';
      return (
        `<li><svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" stroke="${colour}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ''}/></svg> ` +
        `<a href="#run=${encodeURIComponent(record.id)}" data-run="${escapeHtml(record.id)}">${escapeHtml(record.strategy)}</a> ` +
        `<span class="muted">${record.score.correct}/${record.score.total} correct, ${record.condensations.length} condensations</span></li>`
      );
    })
    .join('');
  return parts.join('') + `<ul class="legend">${legend}</ul>`;
}
