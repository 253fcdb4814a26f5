/**
 * The verdicts of the reader's probes over a matrix of runs, one line each, and how two such lists
 * differ. A list is kept as text, one verdict a line, tab-separated and sorted:
 *
 *   scenario  strategy  window  probe  verdict
 *
 * so that it can be committed beside a change and read in a diff.
 */
import type { Verdict as ProbeVerdict } from '../../records/run-record.js';
import { VerdictListError } from '../errors.js';

/** One probe's verdict in one run of the matrix. */
export interface VerdictLine {
  scenario: string;
  strategy: string;
  window: number;
  probe: string;
  verdict: ProbeVerdict;
}

const VERDICTS: readonly ProbeVerdict[] = ['correct', 'wrong', 'abstained'];

/** The place of a verdict in the matrix, the same in any list: scenario, strategy, window, probe. */
export function placeOf(line: VerdictLine): string {
  return `${line.scenario}\t${line.strategy}\t${line.window}\t${line.probe}`;
}

/** The lines as the list's text: sorted by place, one a line, with a final newline. */
export function formatVerdicts(lines: readonly VerdictLine[]): string {
  const text = lines.map((line) => `${placeOf(line)}\t${line.verdict}`).sort();
  return text.length === 0 ? '' : `${text.join('\n')}\n`;
}

/**
 * The lines of a list's text. Throws a VerdictListError naming the first line that is not five fields with a
 * whole window and a known verdict, and a place listed twice; `source` names the list in the message.
 */
export function parseVerdicts(text: string, source: string): VerdictLine[] {
  const lines: VerdictLine[] = [];
  const places = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fields = raw.split('\t');
    const [scenario, strategy, window, probe, verdict] = fields;
    const where = `${source}:${index + 1}`;
    if (fields.length !== 5 || !scenario || !strategy || !probe) {
      throw new VerdictListError(
        `${where}: expected scenario, strategy, window, probe and verdict, tab-separated`,
      );
    }
    if (!/^[1-9]\d*$/.test(window ?? ''))
      throw new VerdictListError(`${where}: the window "${window}" is no whole number`);
    if (!VERDICTS.includes(verdict as ProbeVerdict)) {
      throw new VerdictListError(`${where}: the verdict "${verdict}" is none of ${VERDICTS.join(', ')}`);
    }
    const line = { scenario, strategy, window: Number(window), probe, verdict: verdict as ProbeVerdict };
    if (places.has(placeOf(line)))
      throw new VerdictListError(`${where}: ${placeOf(line).replaceAll('\t', ' ')} is listed twice`);
    places.add(placeOf(line));
    lines.push(line);
  });
  return lines;
}

/** How many lines have each verdict. */
export function verdictCounts(lines: readonly VerdictLine[]): Record<ProbeVerdict, number> {
  const counts: Record<ProbeVerdict, number> = { correct: 0, wrong: 0, abstained: 0 };
  for (const line of lines) counts[line.verdict]++;
  return counts;
}

/** A place whose verdict differs between two lists; `before` or `after` is absent where one lacks it. */
export interface VerdictChange {
  place: string;
  before?: ProbeVerdict;
  after?: ProbeVerdict;
}

/** The places whose verdict differs from `before` to `after`, in place order. */
export function verdictChanges(
  before: readonly VerdictLine[],
  after: readonly VerdictLine[],
): VerdictChange[] {
  const was = new Map(before.map((line) => [placeOf(line), line.verdict]));
  const now = new Map(after.map((line) => [placeOf(line), line.verdict]));
  const places = [...new Set([...was.keys(), ...now.keys()])].sort();
  return places.flatMap((place) => {
    const old = was.get(place);
    const next = now.get(place);
    if (old === next) return [];
    return [
      {
        place,
        ...(old === undefined ? {} : { before: old }),
        ...(next === undefined ? {} : { after: next }),
      },
    ];
  });
}

/** Each kind of change ("abstained -> wrong") with how many places made it, most first. */
export function changeTally(changes: readonly VerdictChange[]): [string, number][] {
  const tally = new Map<string, number>();
  for (const { before, after } of changes) {
    const kind = `${before ?? '(none)'} -> ${after ?? '(none)'}`;
    tally.set(kind, (tally.get(kind) ?? 0) + 1);
  }
  return [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
