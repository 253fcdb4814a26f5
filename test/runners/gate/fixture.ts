/**
 * A run outcome built by hand, small enough to reason about: two turns with a tool call, a
 * condensation, a guided distil call, a failed call, transcripts and a store. Wall times come from
 * `ms`, so two outcomes that differ only in them can be compared.
 */
import type { AuditEvent } from '../../../engine/audit/events.js';
import type { Message, ToolSpec } from '../../../engine/model/port.js';
import type { RunRecord } from '../../../records/run-record.js';
import type { CallRecord, RunOutcome, TimelineItem } from '../../../records/run-outcome.js';

export const SYSTEM: Message = { role: 'system', content: 'You are wisp.\n\nAnswer from what you see.' };
export const ASK: Message = { role: 'user', content: 'Please read notes.md and summarise it.' };
/** Tool output with lines that look like the format's own: a `| ` line, a `== ` line, a `+ ` line. */
export const NOTES =
  '1\t# Notes\n2\t\n3\t| not a table\n4\t== not a block\n5\t+ m1 not a definition\n6\tThe mirror is called GULL, and it runs in Lisbon.  ';
export const TOOLS: ToolSpec[] = [
  { name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: {} } },
];
const CALL = { callId: 'call-1', tool: 'read_file', arguments: { path: 'notes.md' } };
const ASKED: Message = { role: 'assistant', content: '', toolCalls: [CALL] };
const OUTPUT: Message = { role: 'tool', content: NOTES, callId: 'call-1', tool: 'read_file' };
const REPLY: Message = { role: 'assistant', content: 'The notes name the mirror GULL; it runs in Lisbon.' };
const QUESTION: Message = { role: 'user', content: 'What is the mirror called?' };

/** Things a test may change before the outcome is built. */
export interface FixtureOptions {
  /** The wall time every duration and timing takes. */
  ms?: number;
  /** The content of the tool message that call 3 sends in the output's place. */
  reference?: string;
  fillAfter?: number;
  verdict?: 'correct' | 'wrong';
}

function respond(call: number, turn: number, messages: Message[], text: string, ms: number): CallRecord {
  const toolCalls = text === '' ? [CALL] : [];
  return {
    call,
    purpose: 'turn',
    turn,
    session: `ses-${turn}`,
    fresh: call !== 2,
    estimated: 100 * call,
    durationMs: ms,
    kind: 'respond',
    request: { messages, tools: TOOLS },
    response: { text, toolCalls, usage: { promptTokens: 90 * call, completionTokens: 7 } },
  };
}

/** The outcome; the same options give the same outcome. */
export function sampleOutcome(options: FixtureOptions = {}): RunOutcome {
  const ms = options.ms ?? 12.5;
  const at = (s: number) => new Date(Date.UTC(2026, 8, 29, 9, 0, s)).toISOString();
  const reference: Message = {
    role: 'tool',
    content: options.reference ?? '[output of entry 4 not repeated: read_file, ok, 6 lines]',
    callId: 'call-1',
    tool: 'read_file',
  };
  const calls: CallRecord[] = [
    respond(1, 1, [SYSTEM, ASK], '', ms),
    respond(2, 1, [SYSTEM, ASK, ASKED, OUTPUT], REPLY.content, ms),
    respond(3, 2, [SYSTEM, ASK, ASKED, reference, REPLY, QUESTION], 'GULL.', ms),
    {
      call: 4,
      purpose: 'distil',
      turn: 2,
      session: 'ses-4',
      fresh: true,
      estimated: 50,
      durationMs: ms,
      kind: 'generate',
      request: {
        purpose: 'distil',
        messages: [
          { role: 'system', content: 'List the facts.' },
          { role: 'user', content: 'Turn 1\nmirror GULL' },
        ],
        schema: { type: 'object', properties: { facts: { type: 'array' } } },
        maxTokens: 400,
      },
      response: { value: { facts: [{ subject: 'entity', name: 'mirror', value: 'GULL' }] } },
    },
    { ...respond(5, 2, [SYSTEM, QUESTION], '', ms), response: undefined, error: 'model down\nsecond line' },
  ];
  const base = { turn: 1 };
  const events: AuditEvent[] = [
    { id: 'evt-1', at: at(0), turn: 0, type: 'session.start', model: 'reader', window: 8192, settings: {} },
    { id: 'evt-2', at: at(1), ...base, type: 'prompt', entry: 2, text: ASK.content },
    { id: 'evt-3', at: at(2), ...base, type: 'tool.call', entry: 3, ...CALL },
    {
      id: 'evt-4',
      at: at(3),
      ...base,
      type: 'tool.result',
      entry: 4,
      callId: 'call-1',
      tool: 'read_file',
      ok: true,
      content: NOTES,
      bytes: NOTES.length,
      durationMs: ms,
    },
    {
      id: 'evt-5',
      at: at(4),
      ...base,
      type: 'response',
      session: 'ses-1',
      entry: 5,
      text: REPLY.content,
      toolCalls: 0,
      usage: null,
      durationMs: ms,
    },
    {
      id: 'evt-6',
      at: at(5),
      turn: 2,
      type: 'context.condensation',
      reason: 'budget',
      policy: 'target',
      goal: 4915,
      fillBefore: 6000,
      fillAfter: options.fillAfter ?? 4800,
      headroom: 1400,
      floor: false,
      turnsDropped: 1,
      turnsKept: 1,
      droppedEntries: [2, 3, 4, 5],
      steps: [{ step: 'drop', fill: 4800, turnsDropped: 1 }],
      savedBefore: 'transcripts/evt-6-before.json',
      savedAfter: 'transcripts/evt-6-after.json',
    },
  ];
  const item = (n: number): TimelineItem[] => {
    const call = calls[n];
    return call ? [{ kind: 'call', call }] : [];
  };
  const event = (n: number): TimelineItem[] => {
    const found = events[n];
    return found ? [{ kind: 'event', event: found }] : [];
  };
  const timeline: TimelineItem[] = [
    ...event(0),
    ...event(1),
    ...item(0),
    ...event(2),
    ...event(3),
    ...item(1),
    ...event(4),
    ...event(5),
    ...item(2),
    ...item(3),
    ...item(4),
  ];
  const record: RunRecord = {
    version: 1,
    id: 'sample.target.reader.w8192.r0',
    scenario: 'sample',
    strategy: 'target',
    model: 'reader',
    window: 8192,
    run: 0,
    settings: { 'context.target': 0.6, 'context.budget': 0.85 },
    status: 'completed',
    error: null,
    score: { correct: 1, wrong: 0, abstained: 0, total: 1 },
    delivered: { inView: 1, total: 1 },
    outcomes: { deliveredCorrect: 1, deliveredMissed: 0, notDelivered: 0, alarm: 0, neverEntered: 0 },
    evidenceSteps: [],
    probes: [
      {
        id: 'mirror',
        turn: 2,
        question: QUESTION.content,
        reply: 'GULL.',
        verdict: options.verdict ?? 'correct',
        expects: 'answer',
        evidence: { inView: true, atQuestion: true, channels: ['tool'], staleInView: false },
        outcome: options.verdict === 'wrong' ? 'delivered-missed' : 'delivered-correct',
      },
    ],
    turns: 2,
    condensations: [],
    gaps: [],
    modelCalls: { turn: 3, distil: 1, summary: 0, assessment: 0 },
    retries: { overflow: 0, tools: 0 },
    assessment: null,
    toolTokens: { total: 0, perRequest: 0 },
    truncated: 0,
    sessions: { started: 3, new: 2 },
    saved: { references: { count: 1, bytes: 90, tokens: 23 }, cuts: { count: 0, bytes: 0, tokens: 0 } },
    outputsHeldBack: 0,
    timing: { totalMs: ms * 10, modelMs: ms * 5, engineMs: ms * 3, toolMs: ms },
    perTurn: [],
  };
  const transcripts = new Map<string, unknown>([
    ['transcripts/evt-6-before.json', { version: 1, messages: [SYSTEM, ASK, ASKED, OUTPUT, REPLY] }],
    [
      'transcripts/evt-6-after.json',
      { version: 1, messages: [SYSTEM, { role: 'user', content: 'Earlier: GULL' }] },
    ],
  ]);
  const store = {
    version: 1,
    entries: [{ id: 4, kind: 'toolOutput', text: NOTES, recordedAt: 1790672403000 }],
  };
  return { record, files: { audit: events, requests: calls, timeline, store, transcripts } };
}
