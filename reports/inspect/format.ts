/**
 * The context inspector in a terminal: the context at a turn entry by entry, and the changes turn by
 * turn, as lines. Colour comes through a `Paint`; `plainPaint` leaves text as it is, for pipes, files
 * and NO_COLOR.
 */
import type { ComposedEntry, ContextAtTurn, GoneEntry } from './context-at-turn.js';
import { changeLines, idRanges, type TurnChange } from './turn-changes.js';

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan' | 'magenta';

/** Wraps text in a style; the plain paint returns it unchanged. */
export type Paint = (style: Style, text: string) => string;

export const plainPaint: Paint = (_style, text) => text;

/**
 * Text from scenarios, models or tools made safe to print on one terminal line: every control
 * character (C0 but the tab, DEL and C1) and every bidirectional override is written as a visible
 * escape (`\x1b`, `\u202e`), so no escape sequence of theirs sets a window title, colours the
 * screen or moves the cursor, whether the output goes to a terminal or into a pipe read by one.
 */
export function terminalText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what is escaped
    /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => {
      const code = c.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : `\\u${code.toString(16).padStart(4, '0')}`;
    },
  );
}

const ANSI: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  magenta: [35, 39],
};

/** ANSI colours, for a terminal. */
export const ansiPaint: Paint = (style, text) => `\x1b[${ANSI[style][0]}m${text}\x1b[${ANSI[style][1]}m`;

export interface FormatOptions {
  paint: Paint;
  /** Columns to fit a row's text preview into. */
  width: number;
  /** Print each entry's text whole under its row. */
  full: boolean;
}

const n = (value: number): string => value.toLocaleString('en-GB');

const SENT_STYLE: Record<ComposedEntry['sentAs'], Style> = {
  whole: 'green',
  reference: 'cyan',
  cut: 'magenta',
  'held-back': 'yellow',
};

function preview(text: string, room: number): string {
  const flat = terminalText(text.replace(/\s+/g, ' ').trim());
  if (room <= 1) return '';
  return flat.length <= room ? flat : flat.slice(0, room - 1) + '…';
}

function indent(text: string, prefix = '      '): string[] {
  return text.split('\n').map((line) => prefix + terminalText(line));
}

function entryRows(entries: readonly ComposedEntry[], options: FormatOptions): string[] {
  const { paint } = options;
  const lines: string[] = [];
  for (const e of entries) {
    const tokens =
      e.sentAs === 'whole' || e.sentAs === 'held-back' ? n(e.tokens) : `${n(e.tokens)}/${n(e.storedTokens)}`;
    const cells = [`#${e.id}`.padStart(5), e.kind.padEnd(12), String(e.turn).padStart(4)];
    const fixed = cells.join('  ').length + 2 + 9 + tokens.padStart(12).length + 2;
    const label = e.tool !== null && e.kind === 'toolOutput' ? `${e.tool}: ` : '';
    const text = preview(label + (e.kind === 'toolCall' ? e.stored : e.sent), options.width - fixed);
    const styled = [
      ...cells,
      paint(SENT_STYLE[e.sentAs], e.sentAs.padEnd(9)) + tokens.padStart(12),
      paint('dim', text),
    ].join('  ');
    lines.push(styled);
    if (options.full) {
      lines.push(...indent(e.sent));
      if (e.sent !== e.stored) {
        lines.push(paint('dim', '      -- as stored:'));
        lines.push(...indent(e.stored));
      }
    }
  }
  return lines;
}

function goneLines(gone: readonly GoneEntry[]): string[] {
  const byCondensation = new Map<string, GoneEntry[]>();
  for (const g of gone) byCondensation.set(g.droppedBy, [...(byCondensation.get(g.droppedBy) ?? []), g]);
  return [...byCondensation.entries()].map(([event, entries]) => {
    const turns = entries.map((e) => e.turn);
    return (
      `  entries ${idRanges(entries.map((e) => e.id))} (turns ${idRanges([...new Set(turns)])}), ` +
      `by the condensation at turn ${entries[0]?.droppedAt ?? '?'} (${event})`
    );
  });
}

function blockLines(title: string, block: string | null, options: FormatOptions): string[] {
  if (block === null) return [];
  const lines = block.split('\n');
  const head =
    options.paint('bold', `${title}:`) +
    ` ${lines.length} lines, ${n(Math.ceil(Buffer.byteLength(block) / 4))} tokens`;
  return [head, ...lines.map((line) => '  ' + preview(line, options.width - 2))];
}

/** The size line: the request against the window, the budget and the goal, with a bar. */
function sizeLines(ctx: ContextAtTurn, options: FormatOptions): string[] {
  const size = ctx.size;
  if (size === null) return ['request: none made at this turn'];
  const parts = [`${n(size.estimated)} tokens estimated`];
  if (size.reported !== null) parts.push(`${n(size.reported)} reported`);
  const limits = [`window ${n(size.window)}`];
  if (size.budget !== null) limits.push(`budget ${n(size.budget)}`);
  if (size.goal !== null) limits.push(`goal ${n(size.goal)}`);
  const width = 50;
  const at = (tokens: number) => Math.min(width, Math.round((tokens / size.window) * width));
  const cells: string[] = Array.from({ length: width }, (_, i) => (i < at(size.estimated) ? '█' : '·'));
  if (size.goal !== null) cells[Math.min(width - 1, at(size.goal))] = '|';
  if (size.budget !== null) cells[Math.min(width - 1, at(size.budget))] = '!';
  const over = size.budget !== null && size.estimated >= size.budget;
  const bar = options.paint(over ? 'red' : 'green', cells.join(''));
  return [
    `request: ${parts.join(', ')}; ${limits.join(', ')}`,
    `  [${bar}] ${Math.round((size.estimated / size.window) * 100)}% of the window`,
  ];
}

/** The context at a turn, as lines. */
export function formatContext(ctx: ContextAtTurn, options: FormatOptions): string[] {
  const { paint } = options;
  const call = ctx.call;
  const lines = [
    paint('bold', `${terminalText(ctx.runId)}, turn ${ctx.turn}`) +
      (call
        ? `: the context its first request carried (call ${call.call}, session ${call.session}` +
          `${call.fresh ? ', new' : ''}; ${ctx.callsInTurn} request${ctx.callsInTurn === 1 ? '' : 's'} this turn)`
        : ': no request was made'),
    ...sizeLines(ctx, options),
    ...blockLines('earlier block', ctx.earlierBlock, options),
  ];
  const tokens = ctx.entries.reduce((sum, e) => sum + e.tokens, 0);
  lines.push(
    paint('bold', 'entries:') +
      ` ${ctx.entries.length} carried, ${n(tokens)} tokens` +
      (ctx.gone.length > 0 ? `; ${ctx.gone.length} of earlier turns dropped` : ''),
  );
  lines.push(paint('dim', '   id  kind          turn  sent as        tokens  text'));
  lines.push(...entryRows(ctx.entries, options));
  lines.push(...blockLines('now block', ctx.nowBlock, options));
  if (ctx.during.length > 0) {
    lines.push(paint('bold', 'during the turn') + ' (after its first request):');
    lines.push(...entryRows(ctx.during, options));
  }
  if (ctx.gone.length > 0) {
    lines.push(paint('bold', 'dropped before this turn:'));
    lines.push(...goneLines(ctx.gone));
  }
  if (ctx.matchesRequest !== null)
    lines.push(
      ctx.matchesRequest
        ? paint('green', 'composed again from the store, these entries and blocks are the request as sent')
        : paint(
            'red',
            'composed again from the store, these entries and blocks differ from the request as sent',
          ),
    );
  return lines;
}

/** What changed at each turn, as lines. */
export function formatChanges(
  runId: string,
  changes: readonly TurnChange[],
  options: FormatOptions,
): string[] {
  const { paint } = options;
  const lines = [
    paint('bold', `${terminalText(runId)}: what changed at each turn`) +
      " (fill: the engine's estimate of the turn's first request, in tokens)",
  ];
  for (const c of changes) {
    const head =
      `turn ${String(c.turn).padStart(3)}  fill ${(c.fill === null ? '-' : n(c.fill)).padStart(7)}  ` +
      `${c.calls} request${c.calls === 1 ? '' : 's'}` +
      (c.newSessions > 0 ? `, ${c.newSessions} new session${c.newSessions === 1 ? '' : 's'}` : '') +
      `, +${c.added} entries`;
    lines.push(c.condensations.length > 0 || c.failed ? paint('bold', head) : head);
    for (const line of changeLines(c).map(terminalText)) {
      const style: Style = line.startsWith('condensed')
        ? 'yellow'
        : line.startsWith('overflow') || line.startsWith('the turn failed') || line.startsWith('truncated')
          ? 'red'
          : line.startsWith('referenced') || line.startsWith('cut')
            ? 'cyan'
            : 'dim';
      lines.push('    ' + paint(style, line));
    }
  }
  return lines;
}
