/**
 * report.html for a results folder: every record of its runs.jsonl, with each scenario's probes'
 * expectations in words from the plan's scenarios.
 */
import { readRunRecords } from '../../records/read-run-files.js';
import type { RunRecord } from '../../records/run-record.js';
import { writeHtmlReport, type RunReportPart } from '../../reports/html/write.js';
import type { ProbeExpectations } from '../../reports/html/tables.js';
import { expectsAbstention, type Expectation } from '../../scenarios/schema.js';
import { readPlan } from '../recording/plan-file.js';
import { resolvePlan } from './plan.js';

/** An expectation as the report shows it. */
export function expectationText(expect: Expectation): string {
  if (expectsAbstention(expect)) return 'never given: says it does not know';
  const parts = [`any: ${expect.any.join(' | ')}`];
  if (expect.none.length > 0) parts.push(`none: ${expect.none.join(' | ')}`);
  if (expect.evidence) parts.push(`evidence: ${expect.evidence.join(' | ')}`);
  return parts.join('; ');
}

/**
 * The probes' expectations of the scenarios `dir`'s plan names (none when it has no plan), and the
 * runs' order in the plan: scenario, strategy, model, window, run.
 */
async function fromPlan(
  dir: string,
): Promise<{ expectations: ProbeExpectations; order: (r: RunRecord) => (string | number)[] }> {
  const expectations: ProbeExpectations = {};
  let order = (r: RunRecord): (string | number)[] => [r.scenario, r.strategy, r.model, r.window, r.run];
  try {
    const plan = await readPlan(dir);
    const { scenarios, strategies } = await resolvePlan(plan);
    const scenarioNames = scenarios.map((s) => s.scenario.name);
    const labels = strategies.map((s) => s.name);
    const at = (list: readonly string[], name: string) =>
      list.includes(name) ? list.indexOf(name) : list.length;
    order = (r) => [
      at(scenarioNames, r.scenario),
      at(labels, r.strategy),
      at(plan.models, r.model),
      r.window,
      r.run,
    ];
    for (const { scenario } of scenarios) {
      const probes: Record<string, string> = {};
      for (const step of scenario.steps) if ('ask' in step) probes[step.id] = expectationText(step.expect);
      expectations[scenario.name] = probes;
    }
  } catch {
    // A folder without a readable plan, or whose scenario files moved: the report goes without them.
  }
  return { expectations, order };
}

function compareKeys(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y)
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/**
 * Writes `dir`/report.html over every run the folder holds; gives back its path. An invocation that
 * has just made the runs passes their records (all of the folder's) and the parts it made of them.
 */
export async function writeFolderReport(
  dir: string,
  made?: { records: readonly RunRecord[]; parts: ReadonlyMap<string, RunReportPart | null> },
  unreadable?: (runId: string, reason: string) => void,
): Promise<string> {
  if (made === undefined)
    return writeCombinedReport(dir, [dir], await readRunRecords(dir), undefined, unreadable);
  return writeCombinedReport(dir, [dir], made.records, made.parts);
}

/**
 * Writes `out`/report.html over `records`, combined from the folders `dirs` (shards of one plan, say):
 * the probes' expectations from every folder's plan, the runs in the first plan's order.
 */
export async function writeCombinedReport(
  out: string,
  dirs: readonly string[],
  records: readonly RunRecord[],
  parts?: ReadonlyMap<string, RunReportPart | null>,
  unreadable?: (runId: string, reason: string) => void,
): Promise<string> {
  const plans = await Promise.all(dirs.map(fromPlan));
  const expectations: ProbeExpectations = Object.assign({}, ...plans.map((p) => p.expectations));
  const order = plans[0]?.order ?? ((r: RunRecord) => [r.scenario, r.strategy, r.model, r.window, r.run]);
  const sorted = [...records].sort((a, b) => compareKeys(order(a), order(b)));
  return writeHtmlReport(out, sorted, {
    expectations,
    ...(parts ? { parts } : {}),
    ...(unreadable ? { unreadable } : {}),
  });
}
