/**
 * What changed in the context at each turn (the reference's `/inspect context turns`): entries
 * dropped and by which condensation, outputs switched to references, replies cut, overflows,
 * distillations and summaries written, facts recorded, memory recalls, a resume, new model sessions.
 * Read from the audit log and the model calls alone.
 */
import type { AuditEvent } from '../../engine/index.js';
import type { RunFiles } from '../../records/read-run-files.js';

type EventOf<T extends AuditEvent['type']> = Extract<AuditEvent, { type: T }>;

/** The changes of one turn. */
export interface TurnChange {
  turn: number;
  /** The engine's estimate of the turn's first request, and its largest. */
  fill: number | null;
  peak: number | null;
  /** Turn requests made, and how many started a new model session. */
  calls: number;
  newSessions: number;
  /** Calls whose runtime dropped the front of the request. */
  truncated: number;
  /** Entries the turn recorded. */
  added: number;
  failed: boolean;
  condensations: EventOf<'context.condensation'>[];
  references: EventOf<'context.reference'>[];
  cuts: EventOf<'context.cut'>[];
  overflows: EventOf<'context.overflow'>[];
  distillations: EventOf<'context.distillation'>[];
  summaries: EventOf<'context.summary'>[];
  /** Facts recorded or superseded. */
  facts: number;
  memory: EventOf<'context.memory'>[];
  resume: EventOf<'context.resume'> | null;
}

/** Every turn's changes, from 1 to the run's last turn. */
export function turnChanges(files: RunFiles): TurnChange[] {
  const turns = files.record.turns;
  const changes: TurnChange[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    const calls = files.calls.filter((c) => c.purpose === 'turn' && c.turn === turn);
    changes.push({
      turn,
      fill: calls[0]?.estimated ?? null,
      peak: calls.length === 0 ? null : Math.max(...calls.map((c) => c.estimated)),
      calls: calls.length,
      newSessions: calls.filter((c) => c.fresh).length,
      truncated: calls.filter((c) => c.truncated).length,
      added: files.entries.filter((e) => e.turn === turn && e.origin !== 'carried').length,
      failed: false,
      condensations: [],
      references: [],
      cuts: [],
      overflows: [],
      distillations: [],
      summaries: [],
      facts: 0,
      memory: [],
      resume: null,
    });
  }
  for (const event of files.audit) {
    const change = changes[event.turn - 1];
    if (change === undefined) continue;
    switch (event.type) {
      case 'context.condensation':
        change.condensations.push(event);
        break;
      case 'context.reference':
        change.references.push(event);
        break;
      case 'context.cut':
        change.cuts.push(event);
        break;
      case 'context.overflow':
        change.overflows.push(event);
        break;
      case 'context.distillation':
        change.distillations.push(event);
        break;
      case 'context.summary':
        change.summaries.push(event);
        break;
      case 'context.memory':
        change.memory.push(event);
        break;
      case 'context.resume':
        change.resume = event;
        break;
      case 'fact.recorded':
      case 'fact.superseded':
        change.facts += 1;
        break;
      case 'turn.end':
        change.failed = event.status === 'failed';
        break;
      default:
        break;
    }
  }
  return changes;
}

/** Ids as short ranges: 2-7, 9, 12-14. */
export function idRanges(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

const n = (value: number): string => value.toLocaleString('en-GB');

/** One readable line per change of a turn (none for a turn that changed nothing but grew). */
export function changeLines(change: TurnChange): string[] {
  const lines: string[] = [];
  if (change.resume)
    lines.push(
      `resumed from ${change.resume.name}: ` +
        `store rebuilt (${change.resume.entries} entries, ${change.resume.dropped} dropped)`,
    );
  for (const c of change.condensations)
    lines.push(
      `condensed (${c.reason}): ${n(c.fillBefore)} -> ${n(c.fillAfter)} tokens` +
        (c.goal !== null ? `, goal ${n(c.goal)}` : '') +
        `, ${c.turnsDropped} turn${c.turnsDropped === 1 ? '' : 's'} dropped` +
        (c.droppedEntries.length > 0 ? ` (entries ${idRanges(c.droppedEntries)})` : '') +
        (c.floor ? ', floor reached' : ''),
    );
  for (const o of change.overflows)
    lines.push(
      `overflow: ${o.count !== null ? n(o.count) : '?'} tokens over ${o.limit !== null ? n(o.limit) : '?'}` +
        (o.retried ? ', retried' : ', not retried'),
    );
  if (change.references.length > 0) {
    const bytes = change.references.reduce((sum, r) => sum + r.bytesSaved, 0);
    lines.push(
      `referenced: entries ${idRanges(change.references.map((r) => r.entry))} ` +
        `(${change.references
          .map((r) => r.tool)
          .filter(unique)
          .join(', ')}), ${n(bytes)} bytes saved`,
    );
  }
  for (const c of change.cuts)
    lines.push(`cut: reply ${c.reply} retyped output ${c.output} (${c.tool}), ${n(c.bytes)} bytes cut`);
  for (const d of change.distillations)
    lines.push(
      `distilled turns ${d.turns.join(', ')}: ` + (d.ok ? `${d.facts.length} facts` : `failed (${d.error})`),
    );
  for (const s of change.summaries)
    lines.push(
      `summary ${s.ok ? `version ${s.version} written` : 'failed'} over turns ${idRanges(s.turns)}` +
        (s.ok ? ` (${s.words} words)` : ''),
    );
  if (change.facts > 0) lines.push(`facts: ${change.facts} recorded`);
  for (const m of change.memory) lines.push(`memory ${m.action} ${m.target}${m.ok ? '' : ' (failed)'}`);
  if (change.truncated > 0) lines.push(`truncated by the runtime: ${change.truncated} request(s)`);
  if (change.failed) lines.push('the turn failed');
  return lines;
}

function unique<T>(value: T, index: number, all: readonly T[]): boolean {
  return all.indexOf(value) === index;
}
