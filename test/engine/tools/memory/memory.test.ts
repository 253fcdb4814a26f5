import { describe, expect, it } from 'vitest';
import type { SummaryVersion } from '../../../../engine/facts/saved-facts.js';
import type { FactSource } from '../../../../engine/facts/fact.js';
import { loadKinds } from '../../../../engine/facts/kinds.js';
import { FactStore } from '../../../../engine/facts/fact-store.js';
import { byteLength } from '../../../../engine/measure/estimate.js';
import { ContextStore } from '../../../../engine/store/store.js';
import {
  MAX_NOTES_PER_TURN,
  memoryTool,
  type MemoryAction,
  type MemoryNote,
} from '../../../../engine/tools/memory/memory.js';
import type { MemorySource } from '../../../../engine/tools/memory/memory-source.js';
import { FIRST_TURN_ANSWER } from '../../../../engine/tools/memory/memory-recall.js';
import type { ToolContext } from '../../../../engine/tools/tool.js';
import { MemoryOutputStore } from '../../../../runners/recording/output-store/memory-store.js';

const kinds = loadKinds();
const fileText =
  Array.from({ length: 40 }, (_, i) => `line ${i + 1}: harbour sync option ${i + 1}`).join('\n') + '\n';
const outputText = Array.from({ length: 200 }, (_, i) => `row ${i + 1} of the held-back output`).join('\n');

function newFacts(): FactStore {
  let n = 0;
  return new FactStore({ kinds, nextId: () => `f${++n}` });
}

const MODEL: FactSource = { kind: 'model', method: 'distilled', detail: 'the person said' };
const TOOL: FactSource = { kind: 'tool', method: 'extracted', detail: 'run_command' };

/** Three turns: the first dropped in turn 3, the third the current one. */
function conversation(): { store: ContextStore; facts: FactStore; summaries: SummaryVersion[] } {
  const store = new ContextStore();
  const add = (input: Parameters<ContextStore['append']>[0]): void => void store.append(input);
  add({ kind: 'instructions', turn: 0, origin: 'carried', text: 'be brief', sources: [], recordedAt: 0 });
  add({ kind: 'prompt', turn: 1, text: 'Add a --dry-run flag to harbour sync', sources: [], recordedAt: 0 });
  const read = { callId: 'c3', tool: 'read_file', arguments: { path: 'sync.md' } };
  add({ kind: 'toolCall', turn: 1, text: '{"path":"sync.md"}', call: read, sources: [], recordedAt: 0 });
  const out = { kind: 'toolOutput' as const, turn: 1, text: fileText, call: read, outcome: { ok: true } };
  add({ ...out, sources: ['evt-4'], recordedAt: 0 });
  add({ kind: 'reply', turn: 1, text: 'I read sync.md.', sources: [], recordedAt: 0 });
  add({ kind: 'prompt', turn: 2, text: 'What port does it use?', sources: [], recordedAt: 0 });
  const run = { callId: 'c7', tool: 'run_command', arguments: { command: 'cat .env' } };
  add({ kind: 'toolCall', turn: 2, text: '{"command":"cat .env"}', call: run, sources: [], recordedAt: 0 });
  const env = 'PORT=8080\nError: config missing\nok\n';
  add({
    kind: 'toolOutput',
    turn: 2,
    text: env,
    call: run,
    outcome: { ok: true },
    sources: [],
    recordedAt: 0,
  });
  add({ kind: 'reply', turn: 2, text: 'It uses port 8080.', sources: [], recordedAt: 0 });
  add({ kind: 'prompt', turn: 3, text: 'What did the file say?', sources: [], recordedAt: 0 });
  store.drop([2, 3, 4, 5], 'cond-1', 3);

  const facts = newFacts();
  const at = (turn: number): { turn: number; recordedAt: number } => ({ turn, recordedAt: turn * 1000 });
  facts.assert({
    subject: 'decision',
    name: 'flag',
    value: '--dry',
    source: MODEL,
    ...at(1),
    entries: [2, 5],
  });
  facts.assert({ subject: 'decision', name: 'flag', value: '--dry-run', source: MODEL, ...at(2) });
  facts.assert({ subject: 'service', name: 'port', value: '8080', source: TOOL, ...at(2), entries: [8] });
  const summaries: SummaryVersion[] = [
    {
      version: 1,
      text: 'The person asked for a flag.',
      turns: [1],
      added: [2, 3],
      events: ['evt-2', 'evt-3'],
      highestEntry: 3,
      writtenIn: 3,
      writtenAt: 5000,
      model: 'fake',
    },
    {
      version: 2,
      text: 'The person asked for a flag.\nThe model read sync.md.',
      turns: [1, 2],
      added: [4, 5, 6],
      events: ['evt-4', 'evt-5', 'evt-6'],
      highestEntry: 6,
      writtenIn: 4,
      writtenAt: 9000,
      model: 'fake',
    },
  ];
  return { store, facts, summaries };
}

interface Harness {
  run: (request: string, budget?: number) => Promise<{ content: string; ok: boolean }>;
  actions: MemoryAction[];
  pending: { notes: MemoryNote[]; task: string | null };
  source: MemorySource;
}

function harness(overrides: Partial<MemorySource> = {}): Harness {
  const { store, facts, summaries } = conversation();
  const source: MemorySource = { turn: 3, entries: store.all(), facts, summaries, kinds, ...overrides };
  const actions: MemoryAction[] = [];
  const pending = { notes: [] as MemoryNote[], task: null as string | null };
  const tool = memoryTool({ source: () => source, pending, onAction: (a) => void actions.push(a) });
  const run = (request: string, budget = 4096): Promise<{ content: string; ok: boolean }> => {
    const context: ToolContext = { callId: 'm1', turn: 3, budget, memory: true };
    return tool.run({ request }, context);
  };
  return { run, actions, pending, source };
}

const hintOf = (page: string): string | undefined => /\[more: memory "([^"]+)"\]$/.exec(page)?.[1];

describe('memory tool: definition', () => {
  it('is a read-only tool called memory with one request argument', () => {
    const tool = memoryTool({ source: () => harness().source, pending: { notes: [], task: null } });
    expect(tool.spec.name).toBe('memory');
    expect(tool.readOnly).toBe(true);
    expect(tool.spec.description).toMatch(/recall.*note.*task/i);
    expect(tool.spec.parameters).toMatchObject({ required: ['request'] });
  });
});

describe('memory tool: recall', () => {
  it('recalls a dropped entry whole, with a header that says so', async () => {
    const h = harness();
    const result = await h.run('recall entry 4');
    const lines = result.content.split('\n');
    expect(result.ok).toBe(true);
    expect(lines[0]).toBe(
      '[entry 4: tool output of read_file, turn 1, dropped in turn 3; text from the store: the audit does not hold it]',
    );
    expect(lines[1]).toBe('1\tline 1: harbour sync option 1');
    expect(lines[40]).toBe('40\tline 40: harbour sync option 40');
    expect(lines.at(-1)).toBe('[end of entry]');
    expect(lines).toHaveLength(42);
    expect(h.actions).toEqual([
      { action: 'recall', target: 'entry 4', ok: true, detail: 'lines 1-40 of 40', from: 'store' },
    ]);
  });

  it('reads a request without a verb as a recall', async () => {
    const h = harness();
    const result = await h.run('entry 9');
    expect(result.content).toBe(
      '[entry 9: reply, turn 2, active; text from the store: the audit does not hold it]\n1\tIt uses port 8080.\n[end of entry]',
    );
    expect(h.actions[0]?.action).toBe('recall');
  });

  it('recalls every entry of a turn in order, numbering lines through the turn', async () => {
    const result = await harness().run('recall turn 2');
    expect(result.content).toBe(
      [
        '[turn 2: 4 entries (6-9), active; text from the store: the audit does not hold it]',
        '[entry 6: prompt]',
        '1\tWhat port does it use?',
        '[entry 7: tool call to run_command]',
        '2\t{"command":"cat .env"}',
        '[entry 8: tool output of run_command]',
        '3\tPORT=8080',
        '4\tError: config missing',
        '5\tok',
        '[entry 9: reply]',
        '6\tIt uses port 8080.',
        '[end of turn]',
      ].join('\n'),
    );
  });

  it('marks each entry of a partly dropped turn', async () => {
    const h = harness();
    const store = new ContextStore();
    store.append({ kind: 'prompt', turn: 1, text: 'hi', sources: [], recordedAt: 0 });
    store.append({ kind: 'reply', turn: 1, text: 'hello', sources: [], recordedAt: 0 });
    store.append({ kind: 'prompt', turn: 2, text: 'next', sources: [], recordedAt: 0 });
    store.drop([1], 'cond-1', 2);
    h.source.entries = store.all();
    h.source.turn = 2;
    const result = await h.run('recall turn 1');
    expect(result.content.split('\n').slice(0, 3)).toEqual([
      '[turn 1: 2 entries (1-2), partly dropped; text from the store: the audit does not hold it]',
      '[entry 1: prompt, dropped in turn 2]',
      '1\thi',
    ]);
  });

  it('recalls the task: its versions from the facts and the first prompt', async () => {
    const h = harness();
    h.source.facts?.assert({
      subject: 'task',
      name: '',
      value: 'add the flag; objective: sync --dry-run prints the plan',
      source: { kind: 'model', method: 'noted' },
      turn: 1,
      recordedAt: 1000,
    });
    const result = await h.run('recall task');
    expect(result.content).toBe(
      [
        '[task: its versions from the facts; the first prompt from the store]',
        '[the task: 1 version, oldest first, from the facts]',
        '1\t- f4 task = add the flag; objective: sync --dry-run prints the plan — from model, noted, turn 1, ' +
          'at 1970-01-01T00:00:01.000Z; current',
        '[the first prompt: entry 2, turn 1, dropped in turn 3]',
        '2\tAdd a --dry-run flag to harbour sync',
        '[end of task]',
      ].join('\n'),
    );
    // "task" alone is the same recall.
    expect((await h.run('task')).content).toBe(result.content);
    expect(h.actions.map((a) => a.action)).toEqual(['recall', 'recall']);
  });

  it('recalls every summary version, the newest last, with the turns each covers', async () => {
    const result = await harness().run('recall summary');
    expect(result.content).toBe(
      [
        '[summary: 2 versions, oldest first, the newest last]',
        '[summary version 1: covers turn 1, written 1970-01-01T00:00:05.000Z]',
        '1\tThe person asked for a flag.',
        '[summary version 2: covers turns 1-2, written 1970-01-01T00:00:09.000Z]',
        '2\tThe person asked for a flag.',
        '3\tThe model read sync.md.',
        '[end of summary]',
      ].join('\n'),
    );
  });

  it("recalls every version of a subject's facts with source, state and entries", async () => {
    const result = await harness().run('recall fact decision');
    expect(result.content).toBe(
      [
        '[facts about decision: 2 versions, oldest first; from the facts]',
        '1\t- f1 flag = --dry — from model, distilled: the person said, turn 1, entries 2, 5, ' +
          'at 1970-01-01T00:00:01.000Z; superseded by f2',
        '2\t- f2 flag = --dry-run — from model, distilled: the person said, turn 2, ' +
          'at 1970-01-01T00:00:02.000Z; current',
        '[end of facts]',
      ].join('\n'),
    );
    const tool = await harness().run('recall fact service');
    expect(tool.content).toContain('1\t- f3 port = 8080 — from tool run_command, turn 2, entry 8, at ');
  });

  it('recalls a stored output by id, and a later page with from line', async () => {
    const outputs = new MemoryOutputStore();
    await outputs.put('c4', outputText);
    const h = harness({ outputs });
    const first = await h.run('recall output c4', 1024);
    expect(byteLength(first.content)).toBeLessThanOrEqual(1024);
    expect(first.content.split('\n')[0]).toBe(
      `[output c4: 200 lines, ${byteLength(outputText)} bytes; from the output store]`,
    );
    const next = hintOf(first.content);
    expect(next).toMatch(/^recall output c4 from line \d+$/);
    const from = Number(/(\d+)$/.exec(next ?? '')?.[1]);
    const later = await h.run(`recall output c4 from line ${from}`, 1024);
    expect(later.content.split('\n')[1]).toBe(`${from}\trow ${from} of the held-back output`);
    const last = await h.run('recall output c4 from line 195');
    expect(last.content.split('\n').slice(1)).toEqual([
      ...[195, 196, 197, 198, 199, 200].map((n) => `${n}\trow ${n} of the held-back output`),
      '[end of output]',
    ]);
  });

  it('names the entry a stored output belongs to', async () => {
    const outputs = new MemoryOutputStore();
    await outputs.put('c3', fileText);
    const result = await harness({ outputs }).run('recall output c3 head 1');
    expect(result.content.split('\n')[0]).toBe(
      `[output c3: tool output of read_file, entry 4, turn 1; 40 lines, ${byteLength(fileText)} bytes; from the output store]`,
    );
  });
});

describe('memory tool: filters', () => {
  it('matching keeps the lines that contain the text, any case, with their numbers', async () => {
    const result = await harness().run('recall turn 2 matching ERROR');
    expect(result.content).toBe(
      [
        '[turn 2: 4 entries (6-9), active; text from the store: the audit does not hold it]',
        '[entry 8: tool output of run_command]',
        '4\tError: config missing',
        '[end of turn]',
      ].join('\n'),
    );
  });

  it('matching may hold spaces, and says when nothing matches', async () => {
    const h = harness();
    expect((await h.run('entry 4 matching option 12')).content.split('\n').slice(1)).toEqual([
      '12\tline 12: harbour sync option 12',
      '[end of entry]',
    ]);
    const none = await h.run('recall entry 4 matching "no such words"');
    expect(none.ok).toBe(true);
    expect(none.content.split('\n')[1]).toBe('[no line contains "no such words"]');
  });

  it('lines A-B, head N and tail N choose a range', async () => {
    const h = harness();
    const body = async (request: string): Promise<string[]> =>
      (await h.run(request)).content
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split('\t')[0] ?? '');
    expect(await body('recall entry 4 lines 5-7')).toEqual(['5', '6', '7']);
    expect(await body('recall entry 4 head 2')).toEqual(['1', '2']);
    expect(await body('recall entry 4 tail 3')).toEqual(['38', '39', '40']);
    expect(await body('recall entry 4 lines 38-90')).toEqual(['38', '39', '40']);
    expect(await body('recall entry 4 matching option 1 head 20')).toEqual([
      '1',
      ...'0123456789'.split('').map((d) => `1${d}`),
    ]);
  });

  it('from line N starts a later page', async () => {
    const result = await harness().run('recall entry 4 from line 39');
    expect(result.content.split('\n').slice(1)).toEqual([
      '39\tline 39: harbour sync option 39',
      '40\tline 40: harbour sync option 40',
      '[end of entry]',
    ]);
  });

  it('refuses a range past the end and a filter it does not know', async () => {
    const h = harness();
    expect((await h.run('recall entry 4 lines 50-60')).content).toBe(
      'error: line 50 is past the last line (40) of the entry',
    );
    expect((await h.run('recall entry 4 from line 41')).ok).toBe(false);
    const bad = await h.run('recall entry 4 sideways 3');
    expect(bad.ok).toBe(false);
    expect(bad.content).toBe(
      'error: "sideways" is not a filter; the filters are matching TEXT, lines A-B, head N, tail N, from line N',
    );
    expect(h.actions.at(-1)).toMatchObject({ action: 'recall', target: 'entry 4', ok: false });
    expect((await h.run('recall entry seven')).content).toMatch(/^error: recall entry takes an entry number/);
    const twice = await h.run('recall entry 4 head 2 tail 2');
    expect(twice.content).toBe('error: a recall takes one of lines A-B, head N and tail N');
  });
});

describe('memory tool: paging', () => {
  it('never exceeds the budget, and following the hints shows every line once', async () => {
    const h = harness();
    const seen: number[] = [];
    let request: string | undefined = 'recall entry 4';
    let pages = 0;
    while (request !== undefined) {
      const page = await h.run(request, 300);
      pages += 1;
      expect(byteLength(page.content)).toBeLessThanOrEqual(300);
      for (const line of page.content.split('\n').slice(1, -1)) seen.push(Number(line.split('\t')[0]));
      request = hintOf(page.content);
      if (request === undefined) expect(page.content.endsWith('[end of entry]')).toBe(true);
    }
    expect(pages).toBeGreaterThan(3);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('keeps the filters in the hint', async () => {
    const page = await harness().run('recall entry 4 matching option 1 tail 30', 200);
    expect(byteLength(page.content)).toBeLessThanOrEqual(200);
    expect(hintOf(page.content)).toMatch(/^recall entry 4 matching 'option 1' tail 30 from line \d+$/);
  });

  it('cuts a line longer than the page, within the budget, and still moves on', async () => {
    const h = harness();
    const store = new ContextStore();
    store.append({ kind: 'prompt', turn: 1, text: 'go', sources: [], recordedAt: 0 });
    store.append({ kind: 'reply', turn: 1, text: `${'é🙂'.repeat(400)}\nshort`, sources: [], recordedAt: 0 });
    store.append({ kind: 'prompt', turn: 2, text: 'and?', sources: [], recordedAt: 0 });
    h.source.entries = store.all();
    h.source.turn = 2;
    const page = await h.run('recall entry 2', 256);
    expect(byteLength(page.content)).toBeLessThanOrEqual(256);
    expect(page.content).toContain('[line cut]');
    expect(page.content).not.toContain('\uFFFD');
    expect(hintOf(page.content)).toBe('recall entry 2 from line 2');
  });
});

describe('memory tool: the first turn', () => {
  it('answers that the first turn is all in view rather than nothing', async () => {
    const store = new ContextStore();
    store.append({
      kind: 'instructions',
      turn: 0,
      origin: 'carried',
      text: 'be brief',
      sources: [],
      recordedAt: 0,
    });
    store.append({ kind: 'prompt', turn: 1, text: 'hello', sources: [], recordedAt: 0 });
    const h = harness({ turn: 1, entries: store.all(), facts: newFacts(), summaries: [] });
    for (const request of ['recall entry 7', 'recall turn 4', 'recall summary', 'recall fact decision']) {
      const result = await h.run(request);
      expect(result).toEqual({ content: FIRST_TURN_ANSWER, ok: true });
    }
    // What the first turn does hold is still recalled.
    expect((await h.run('recall entry 2')).content).toContain('1\thello');
    expect(h.actions[0]).toEqual({ action: 'recall', target: 'entry 7', ok: true, detail: 'first turn' });
  });
});

describe('memory tool: errors', () => {
  it('refuses an unknown verb and lists the verbs', async () => {
    const h = harness();
    const result = await h.run('forget entry 4');
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(/^error: no verb "forget"/);
    for (const verb of ['recall', 'note SUBJECT NAME = VALUE', 'task TEXT; objective: DONE'])
      expect(result.content).toContain(verb);
    expect(h.actions[0]).toMatchObject({ action: 'recall', target: 'forget', ok: false });
  });

  it('names an entry, a turn or an output that does not exist', async () => {
    const h = harness({ outputs: new MemoryOutputStore() });
    expect((await h.run('recall entry 99')).content).toBe(
      'error: there is no entry 99: entries run from 1 to 10',
    );
    expect((await h.run('recall turn 7')).content).toBe('error: turn 7 has not happened: this is turn 3');
    expect((await h.run('recall output deadbeef')).content).toBe(
      'error: no stored output has the id deadbeef',
    );
    expect((await h.run('recall fact colour')).content).toMatch(/^error: no subject kind is called "colour"/);
    expect(h.actions.every((a) => !a.ok)).toBe(true);
  });

  it('refuses a missing request', async () => {
    const h = harness();
    const tool = memoryTool({ source: () => h.source, pending: h.pending });
    const result = await tool.run({}, { callId: 'm1', turn: 3, budget: 4096, memory: true });
    expect(result).toEqual({
      content: 'error: the argument "request" must be a non-empty string',
      ok: false,
    });
  });
});

describe('memory tool: notes', () => {
  it('keeps a note until the turn ends', async () => {
    const h = harness();
    const result = await h.run('note decision storage = sqlite, not files');
    expect(result.ok).toBe(true);
    expect(result.content).toBe(
      "Noted decision storage = sqlite, not files. It is recorded as the model's fact when this turn ends " +
        '(1 of 12 notes this turn).',
    );
    expect(h.pending.notes).toEqual([{ subject: 'decision', name: 'storage', value: 'sqlite, not files' }]);
    expect(h.actions).toEqual([
      { action: 'note', target: 'decision storage', ok: true, detail: 'pending, 1 this turn' },
    ]);
  });

  it("refuses the tools' kinds and unknown ones, listing the kinds a note may use", async () => {
    const h = harness();
    const allowed = 'a note may use entity, preference, decision, person, date';
    const tool = await h.run('note file src/a.ts = edited');
    expect(tool.ok).toBe(false);
    expect(tool.content).toMatch(/^error: "file" facts come from the tools' own records/);
    expect(tool.content).toContain(allowed);
    const unknown = await h.run('note colour sky = blue');
    expect(unknown.content).toBe(`error: no subject kind is called "colour"; ${allowed}`);
    expect((await h.run('note task main = ship it')).content).toContain('task TEXT; objective: DONE');
    expect(h.pending.notes).toEqual([]);
    expect(h.actions.map((a) => a.ok)).toEqual([false, false, false]);
  });

  it('refuses the thirteenth note of a turn', async () => {
    const h = harness();
    for (let i = 1; i <= MAX_NOTES_PER_TURN; i++)
      expect((await h.run(`note entity item${i} = ${i}`)).ok).toBe(true);
    const thirteenth = await h.run('note entity item13 = 13');
    expect(thirteenth.ok).toBe(false);
    expect(thirteenth.content).toMatch(/^error: 12 notes already wait/);
    expect(h.pending.notes).toHaveLength(12);
    // The conversation clears the list when the turn ends; then notes are taken again.
    h.pending.notes.length = 0;
    expect((await h.run('note entity item13 = 13')).ok).toBe(true);
  });

  it('refuses a note without a value', async () => {
    const result = await harness().run('note decision storage');
    expect(result.content).toMatch(/^error: a note is "note SUBJECT NAME = VALUE"/);
  });
});

describe('memory tool: the task verb', () => {
  it("proposes the task as the model's, recorded when the turn ends", async () => {
    const h = harness();
    const result = await h.run('task add a --dry-run flag; objective: sync --dry-run prints the plan');
    expect(result.ok).toBe(true);
    expect(h.pending.task).toBe('add a --dry-run flag; objective: sync --dry-run prints the plan');
    expect(result.content).toBe(
      "Task proposed: add a --dry-run flag; objective: sync --dry-run prints the plan. It is recorded as the model's when this turn ends.",
    );
    expect(h.actions).toEqual([{ action: 'task', target: 'task', ok: true, detail: 'pending' }]);
  });

  it('refuses, showing the task as it stands, when the person set it', async () => {
    const h = harness();
    h.source.facts?.assert({
      subject: 'task',
      name: '',
      value: 'ship the flag',
      source: { kind: 'person', method: 'stated' },
      turn: 2,
      recordedAt: 2000,
    });
    const result = await h.run('task write docs; objective: docs merged');
    expect(result.ok).toBe(false);
    expect(result.content).toBe(
      'error: the person set the task, and their word is not replaced. The task as it stands:\n' +
        '- task: ship the flag — from the person',
    );
    expect(h.pending.task).toBeNull();
    expect(h.actions).toEqual([
      { action: 'task', target: 'task', ok: false, detail: 'refused: the person set the task' },
    ]);
  });

  it('refuses a task without an objective', async () => {
    const result = await harness().run('task write docs');
    expect(result.content).toMatch(/^error: a task is "task TEXT; objective: DONE"/);
  });
});
