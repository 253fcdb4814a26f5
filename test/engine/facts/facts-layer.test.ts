import { describe, expect, it } from 'vitest';
import { FactsLayer } from '../../../engine/facts/facts-layer.js';
import { fitSummary, summaryWords } from '../../../engine/facts/facts-prompts.js';
import { ModelCaller } from '../../../engine/model/model-calls.js';
import { AuditRecorder } from '../../../engine/audit/recorder.js';
import type { GuidedRequest } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings } from '../../../engine/settings.js';
import { storeWithTurns } from '../helpers.js';
import { ContextStore } from '../../../engine/store/store.js';
import { fakeModel } from '../helpers.js';

function layer(overrides: Partial<ReturnType<typeof defaultSettings>['facts']> = {}, fail = false) {
  const calls: GuidedRequest[] = [];
  const model = fakeModel(() => ({ text: '', toolCalls: [] }), {
    generate: async (request) => {
      calls.push(request);
      if (fail) throw new Error('the model is down');
      const n = calls.length;
      return {
        value: {
          facts: [{ subject: 'entity', name: 'release codename', value: `HERON ${n}`, said: 'person' }],
          summary: `Summary ${n}.`,
        },
      };
    },
  });
  const sink = memorySink();
  const clock = steppingClock(0, 1000, () => 0);
  const settings = { ...defaultSettings().facts, ...overrides };
  const ids = sequentialIds();
  const caller = new ModelCaller({ model, clock, ids });
  const facts = new FactsLayer(settings, new AuditRecorder(sink, clock, ids), clock, caller);
  return { facts, calls, sink };
}

const store = storeWithTurns(
  Array.from({ length: 8 }, (_, i) => ({ prompt: `statement ${i + 1}.`, reply: 'Noted.' })),
);
const turn = (n: number) => store.all().filter((e) => e.turn === n);

describe('distilling and the running summary', () => {
  it('writes facts and the summary in one call when the batch is exactly the turns leaving now', async () => {
    const { facts, calls } = layer();
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    expect(calls.map((c) => c.purpose)).toEqual(['facts-and-summary']);
    expect(facts.summaries.at(-1)).toMatchObject({
      version: 1,
      text: 'Summary 1.',
      turns: [1, 2, 3],
      added: [2, 3, 4, 5, 6, 7],
      writtenIn: 5,
    });
    expect(facts.facts.current().map((f) => f.value)).toEqual(['HERON 1']);
    expect(facts.distilCalls).toBe(1);
  });

  it('waits for a batch, distilling each drop, then gives the summary its own call', async () => {
    const { facts, calls } = layer();
    await facts.beforeDrop(3, turn(1), turn(2), 8192);
    expect(facts.summaries).toEqual([]);
    await facts.beforeDrop(4, [...turn(2), ...turn(3)], turn(4), 8192);
    // Turn 1 waited, so the batch is more than the turns leaving now: two calls.
    expect(calls.map((c) => c.purpose)).toEqual(['distil', 'distil', 'summary']);
    expect([facts.distilCalls, facts.summaryCalls]).toEqual([2, 1]);
    expect(facts.summaries.at(-1)?.turns).toEqual([1, 2, 3]);
    // The summary call sees the turns, never a tool output.
    expect(calls[2]?.messages.at(-1)?.content).toMatch(/Turns to add:\nTurn 1\nperson: statement 1\./);
  });

  it('updates the summary rather than rewriting it: the call is shown the summary so far', async () => {
    const { facts, calls } = layer({ summaryWithFacts: false });
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], [], 8192);
    await facts.beforeDrop(8, [...turn(4), ...turn(5), ...turn(6)], [], 8192);
    expect(calls.at(-1)?.messages.at(-1)?.content).toMatch(/^Summary so far:\nSummary 2\./);
    expect(facts.summaries.map((s) => s.version)).toEqual([1, 2]);
  });

  it('changes nothing when the call fails, and audits the failure; the turns wait', async () => {
    const { facts, sink } = layer({}, true);
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], [], 8192);
    expect(facts.summaries).toEqual([]);
    const failed = sink.events.filter(
      (e) => e.type === 'context.summary' || e.type === 'context.distillation',
    );
    expect(failed.map((e) => ('ok' in e ? e.ok : null))).toEqual([false, false]);
  });
});

describe('fitting the summary', () => {
  it('gives the words at about seven bytes a word of its share, never under 512 bytes', () => {
    // The reference's own figures: 8,192 tokens give the summary 1,636 bytes, told as 233 words.
    expect(summaryWords(0.05, 8192)).toBe(233);
    // 0.05 of 4,096 is 204.8 tokens: 204 whole tokens, 816 bytes, 116 words.
    expect(summaryWords(0.05, 4096)).toBe(116);
    // A share too small for 512 bytes gets 512: 73 words.
    expect(summaryWords(0.001, 8192)).toBe(73);
  });

  it('keeps the first and the newest sentences behind an ellipsis, on one line', () => {
    const text = 'It began with a plan.\nThen a read. Then another read. Then the newest step.';
    expect(fitSummary(text, 13)).toBe('It began with a plan. … Then another read. Then the newest step.');
    expect(fitSummary(text, 12)).toBe('It began with a plan. … Then the newest step.');
    expect(fitSummary('Short one.', 12)).toBe('Short one.');
  });
});

describe('the blocks, composed again only when what they show changes', () => {
  it('follow each change of the facts, the entries in view and the summary', async () => {
    const { facts } = layer();
    const all = store.all();
    const withoutTurn1 = all.filter((e) => e.turn !== 1);
    expect(facts.blocks(all, 8192)?.earlier ?? null).toBeNull();
    // The person's fact comes from no entry: the earlier block carries it while turn 1 is in view too.
    facts.personStates('entity', 'pilot team', 'the platform group', 1);
    expect(facts.blocks(all, 8192)?.earlier).toMatch(/pilot team: the platform group — from the person$/m);
    expect(facts.blocks(withoutTurn1, 8192)?.earlier).toMatch(/pilot team: the platform group/);
    // A newer value, asserted through the layer.
    facts.personStates('entity', 'pilot team', 'the storage group', 1);
    expect(facts.blocks(withoutTurn1, 8192)?.earlier).toMatch(/pilot team: the storage group/);
    // A change made on the fact store itself is seen too.
    const current = facts.facts.current().find((f) => f.identity.name === 'pilot team');
    facts.facts.delete(current?.id ?? '', 'person');
    expect(facts.blocks(withoutTurn1, 8192)?.earlier ?? null).toBeNull();
    // A new summary version ends the earlier block.
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    expect(facts.blocks(withoutTurn1, 8192)?.earlier).toMatch(/Summary 1\.$/);
  });
});

describe('the blocks at a window', () => {
  it('are composed again for another window: a smaller one has room for fewer facts', () => {
    const { facts } = layer();
    for (let n = 1; n <= 30; n += 1) facts.personStates('entity', `setting ${n}`, 'x'.repeat(60), 1);
    const wide = facts.blocks([], 8192)?.earlier ?? '';
    const narrow = facts.blocks([], 1024)?.earlier ?? '';
    expect(wide).not.toMatch(/Left out for lack of room/);
    expect(narrow).toMatch(/Left out for lack of room: \d+ more facts\./);
    expect(narrow.length).toBeLessThan(wide.length);
  });
});

describe("the facts of a turn's tool outputs", () => {
  /**
   * Turn 1 reads a.md; turn 2 reads b.md, edits c.md, whose outcome was not recorded, and fails to
   * edit d.md.
   */
  function toolTurns(): ContextStore {
    const s = new ContextStore();
    const exchange = (
      turn: number,
      tool: string,
      args: Record<string, unknown>,
      output: string,
      ok?: boolean,
    ) => {
      const call = { callId: `c${s.nextId()}`, tool, arguments: args };
      s.append({
        kind: 'toolCall',
        turn,
        text: '{}',
        call,
        sources: [`evt-call-${turn}-${tool}`],
        recordedAt: 0,
      });
      s.append({
        kind: 'toolOutput',
        turn,
        text: output,
        call,
        ...(ok === undefined ? {} : { outcome: { ok } }),
        sources: [`evt-result-${turn}-${tool}`],
        recordedAt: 0,
      });
    };
    s.append({ kind: 'prompt', turn: 1, text: 'Read a.md.', sources: [], recordedAt: 0 });
    exchange(1, 'read_file', { path: 'a.md' }, '1\t# Alpha\n[end of file]', true);
    s.append({ kind: 'prompt', turn: 2, text: 'Read b.md, fix c.md and d.md.', sources: [], recordedAt: 0 });
    exchange(2, 'read_file', { path: 'b.md' }, '1\t# Beta\n2\tbody\n[end of file]', true);
    exchange(2, 'edit_file', { path: 'c.md' }, 'wrote c.md');
    exchange(2, 'edit_file', { path: 'd.md' }, 'error: d.md is read-only', false);
    return s;
  }

  it("reads only the given turn's outputs, each fact naming its entry and tool.result event", () => {
    const { facts } = layer();
    const entries = toolTurns().all();
    facts.extract(2, entries);
    const read = facts.facts.current().map((f) => [f.identity.name, f.value, f.entries, f.events]);
    const [b, c] = entries.filter((e) => e.kind === 'toolOutput' && e.turn === 2);
    expect(read).toEqual([
      ['b.md', 'read, 2 lines; title: Beta', [b?.id], ['evt-result-2-read_file']],
      // No recorded outcome: the output is taken as it reads, a success.
      ['c.md', 'changed', [c?.id], ['evt-result-2-edit_file']],
    ]);
    // The failed edit gives nothing, though its call names the file.
  });

  it('composes no blocks without a window, and the same blocks again while nothing they show changes', () => {
    const { facts } = layer();
    const entries = toolTurns().all();
    facts.extract(1, entries);
    facts.extract(2, entries);
    expect(facts.blocks(entries, null)).toBeNull();
    const [a, b] = entries.filter((e) => e.kind === 'toolOutput' && e.call?.tool === 'read_file');
    const onlyA = entries.filter((e) => e.id !== b?.id);
    const onlyB = entries.filter((e) => e.id !== a?.id);
    // The earlier block carries the facts whose outputs are out of view: which one follows the entries.
    expect(facts.blocks(onlyA, 8192)?.earlier).toMatch(/b\.md/);
    expect(facts.blocks(onlyA, 8192)?.earlier).not.toMatch(/a\.md/);
    expect(facts.blocks(onlyB, 8192)?.earlier).toMatch(/a\.md/);
    expect(facts.blocks(onlyB, 8192)?.earlier).not.toMatch(/b\.md/);
    expect(facts.blocks(onlyB, 8192)).toBe(facts.blocks(onlyB, 8192));
  });

  it('shows the facts of a restored state in place of those it held', () => {
    const { facts } = layer();
    const saved = layer().facts;
    saved.personStates('entity', 'pilot team', 'the platform group', 1);
    expect(facts.blocks([], 8192)?.earlier ?? null).toBeNull();
    facts.restore(saved.save());
    expect(facts.blocks([], 8192)?.earlier).toMatch(/pilot team: the platform group/);
  });

  it('tells the distiller the facts already known', async () => {
    const { facts, calls } = layer();
    facts.personStates('entity', 'pilot team', 'the platform group', 1);
    await facts.beforeDrop(3, turn(1), turn(2), 8192);
    expect(calls[0]?.messages.at(-1)?.content).toContain(
      'Facts already known:\n- entity pilot team: the platform group\n',
    );
  });
});

describe("the distiller's calls and what it audits of them", () => {
  const audited = (sink: ReturnType<typeof memorySink>, type: string) =>
    sink.events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];

  it('makes no call when no turn leaves', async () => {
    const { facts, calls, sink } = layer();
    await facts.beforeDrop(3, [], turn(1), 8192);
    expect(calls).toEqual([]);
    expect(sink.events).toEqual([]);
  });

  it('asks the combined call for the room of both answers and audits it as combined, words counted', async () => {
    const { facts, calls, sink } = layer();
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    const words = summaryWords(0.05, 8192);
    expect(calls[0]?.maxTokens).toBe(900 + Math.ceil((words * 14) / 4));
    expect(audited(sink, 'context.summary')).toMatchObject([
      { turns: [1, 2, 3], ok: true, combined: true, words: 2 },
    ]);
    const id = facts.facts.current()[0]?.id;
    expect(audited(sink, 'context.distillation')).toMatchObject([
      { turns: [1, 2, 3], ok: true, facts: [id] },
    ]);
    // The next combined call is shown the summary so far.
    await facts.beforeDrop(8, [...turn(4), ...turn(5), ...turn(6)], turn(7), 8192);
    expect(calls[1]?.messages.at(-1)?.content).toMatch(/^Summary so far:\nSummary 1\.\nWord limit: /);
  });

  it('audits the summary call as not combined, and a distillation by the facts it recorded, not those it replaced', async () => {
    const { facts, calls, sink } = layer();
    await facts.beforeDrop(3, turn(1), turn(2), 8192);
    await facts.beforeDrop(4, [...turn(2), ...turn(3)], turn(4), 8192);
    expect(calls.map((c) => c.purpose)).toEqual(['distil', 'distil', 'summary']);
    const [first, second] = facts.facts.all().map((f) => f.id);
    expect(facts.facts.current().map((f) => f.value)).toEqual(['HERON 2']);
    expect(audited(sink, 'context.distillation')).toMatchObject([
      { turns: [1], ok: true, facts: [first] },
      { turns: [2, 3], ok: true, facts: [second] },
    ]);
    expect(audited(sink, 'context.summary')).toMatchObject([{ turns: [1, 2, 3], ok: true, combined: false }]);
  });

  it('distils nothing when distilling is off, and keeps no turns waiting when the summary is off', async () => {
    const noDistil = layer({ distil: false });
    await noDistil.facts.beforeDrop(3, turn(1), turn(2), 8192);
    expect(noDistil.calls).toEqual([]);
    expect(noDistil.facts.save().waiting.map((t) => t.turn)).toEqual([1]);
    const noSummary = layer({ summary: false });
    await noSummary.facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    expect(noSummary.calls.map((c) => c.purpose)).toEqual(['distil']);
    expect(noSummary.facts.save().waiting).toEqual([]);
  });

  it('keeps the turns of a failed combined call waiting, and audits no facts for a failed call', async () => {
    const combined = layer({}, true);
    await combined.facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    expect(combined.facts.save().waiting.map((t) => t.turn)).toEqual([1, 2, 3]);
    expect(audited(combined.sink, 'context.distillation')).toMatchObject([{ ok: false, facts: [] }]);
    const alone = layer({}, true);
    await alone.facts.beforeDrop(3, turn(1), turn(2), 8192);
    expect(audited(alone.sink, 'context.distillation')).toMatchObject([{ ok: false, facts: [] }]);
  });
});
