/**
 * How a scenario suite judges a probe's test, and what it shows about it: pure functions of the run
 * records. A probe with an answer fails on `wrong`, and on `abstained` unless the suite allows that
 * probe to abstain; a never-given probe passes only when the model said it did not know.
 */
import type { ProbeResult, RunRecord } from '../../records/run-record.js';
import { condensingLine } from '../../reports/condensing.js';

/** Probes that may abstain without failing their test: those named, or every one (`true`). */
export type AbstainAllowance = readonly string[] | boolean;

/** Why a probe's test fails in one run, or null when the run's reply passes it. */
export function probeFailure(
  record: RunRecord,
  probeId: string,
  allowAbstain: AbstainAllowance = false,
): string | null {
  const probe = record.probes.find((p) => p.id === probeId);
  if (probe === undefined) {
    const why = record.error ? `: the run failed ${failedWhere(record)}: ${record.error.message}` : '';
    return `${record.id}: probe ${probeId} was never asked${why}`;
  }
  const reply = `${record.id}: ${quoted(probe.reply)}`;
  if (probe.expects === 'abstention') {
    return probe.verdict === 'correct'
      ? null
      : `probe ${probeId} asks what was never given, and the model answered instead of saying it did not know: ${reply}`;
  }
  if (probe.verdict === 'wrong') return `probe ${probeId} was answered wrong (${probe.outcome}): ${reply}`;
  if (probe.verdict === 'abstained' && !allows(allowAbstain, probeId))
    return `probe ${probeId} was not answered (${probe.outcome}): ${reply}`;
  return null;
}

function allows(allowance: AbstainAllowance, probeId: string): boolean {
  return typeof allowance === 'boolean' ? allowance : allowance.includes(probeId);
}

function failedWhere(record: RunRecord): string {
  return record.error?.turn != null ? `at turn ${record.error.turn}` : 'before its first turn';
}

function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > 300 ? `${line.slice(0, 297)}...` : line);
}

/** One annotation of a probe's test: vitest's `annotate(message, type)`. */
export interface ProbeAnnotation {
  type: 'reply' | 'verdict' | 'evidence' | 'condensations' | 'results';
  message: string;
}

/** What a probe's test shows for one run: its reply, verdict, evidence, the cell's condensing, its folder. */
export function probeAnnotations(record: RunRecord, probeId: string, dir: string): ProbeAnnotation[] {
  const probe = record.probes.find((p) => p.id === probeId);
  const lines: ProbeAnnotation[] = [];
  if (probe !== undefined) {
    lines.push({ type: 'reply', message: probe.reply });
    lines.push({ type: 'verdict', message: `${probe.verdict} (expects ${expects(probe)})` });
    lines.push({ type: 'evidence', message: evidenceLine(probe) });
  }
  lines.push({ type: 'condensations', message: condensingLine(record) ?? `${record.id}: never condensed` });
  lines.push({ type: 'results', message: dir });
  return lines;
}

function expects(probe: ProbeResult): string {
  return probe.expects === 'abstention' ? 'an abstention: never given' : 'an answer';
}

/** The probe's cell and the channels its evidence came through. */
export function evidenceLine(probe: ProbeResult): string {
  if (probe.outcome === 'never-given') return 'never-given: nothing to deliver';
  const channels = probe.evidence.channels.length > 0 ? probe.evidence.channels.join(', ') : 'none';
  const stale = probe.evidence.staleInView ? '; a stale value was in view' : '';
  return `${probe.outcome}; in view: ${probe.evidence.inView ? 'yes' : 'no'}; channels: ${channels}${stale}`;
}

/** What a probe's test keeps in its task meta for one run, for the JSON reporter and other tools. */
export interface ProbeRunMeta {
  run: string;
  dir: string;
  reply: string | null;
  verdict: ProbeResult['verdict'] | null;
  expects: ProbeResult['expects'] | null;
  outcome: ProbeResult['outcome'] | null;
  channels: ProbeResult['evidence']['channels'];
  condensations: number[];
  gaps: number[];
}

/** The task meta of a probe's test in one run. */
export function probeMeta(record: RunRecord, probeId: string, dir: string): ProbeRunMeta {
  const probe = record.probes.find((p) => p.id === probeId);
  return {
    run: record.id,
    dir,
    reply: probe?.reply ?? null,
    verdict: probe?.verdict ?? null,
    expects: probe?.expects ?? null,
    outcome: probe?.outcome ?? null,
    channels: probe?.evidence.channels ?? [],
    condensations: record.condensations.map((c) => c.turn),
    gaps: record.gaps,
  };
}
