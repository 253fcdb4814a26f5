/**
 * The conversation's two views of tool output, as a turn drives them: outputs of earlier turns go
 * as their references once, with the bytes saved audited and tallied; a reply that retyped an
 * output of its own turn is cut, and only such a reply.
 */
import { describe, expect, it } from 'vitest';
import type { CutEvent, ReferenceEvent } from '../../../engine/audit/events.js';
import { AuditRecorder } from '../../../engine/audit/recorder.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { TurnTally } from '../../../engine/measure/turn-tally.js';
import { OutputViews } from '../../../engine/output/output-views.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { defaultSettings } from '../../../engine/settings.js';
import type { ContextStore } from '../../../engine/store/store.js';
import { storeWithTurns } from '../helpers.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Ten lines of six words: long enough to be referenced, and to be cut when retyped. */
const OUTPUT = Array.from({ length: 10 }, (_, i) => `line ${i + 1} holds five more words`).join('\n');

function views(store: ContextStore, context: Partial<ReturnType<typeof defaultSettings>['context']> = {}) {
  const sink = memorySink();
  const audit = new AuditRecorder(
    sink,
    steppingClock(0, 1000, () => 0),
    sequentialIds(),
  );
  const settings = { ...defaultSettings().context, ...context };
  const outputViews = new OutputViews({ store, audit, settings, readOnly: () => true });
  const of = <T>(type: string) => sink.events.filter((e) => e.type === type) as unknown as T[];
  return {
    views: outputViews,
    references: () => of<ReferenceEvent>('context.reference'),
    cuts: () => of<CutEvent>('context.cut'),
  };
}

const outputsOf = (store: ContextStore) => store.all().filter((e) => e.kind === 'toolOutput');

describe('OutputViews.referenceEarlier', () => {
  it('sends the outputs of earlier turns as their references, and audits and tallies the bytes saved', () => {
    const store = storeWithTurns([
      { prompt: 'p1', output: OUTPUT, reply: 'r1' },
      { prompt: 'p2', output: OUTPUT + '\nand one more', reply: 'r2' },
      { prompt: 'p3', output: OUTPUT, reply: 'r3' },
    ]);
    const { views: v, references } = views(store);
    const tally = new TurnTally(3, 'p3');
    expect(v.referenceEarlier(3, tally)).toBe(2);

    const [first, second, current] = outputsOf(store);
    expect(first?.referencedAt).toBe(3);
    expect(second?.referencedAt).toBe(3);
    // The output of the turn itself stays whole.
    expect(current?.referencedAt).toBeUndefined();
    const saved = [first, second].map((e) => bytes(e?.text ?? '') - bytes(e?.reference ?? ''));
    expect(saved.every((n) => n > 0)).toBe(true);
    expect(references()).toEqual([
      expect.objectContaining({
        turn: 3,
        entry: first?.id,
        tool: 'read_file',
        result: '',
        bytesSaved: saved[0],
      }),
      expect.objectContaining({
        turn: 3,
        entry: second?.id,
        tool: 'read_file',
        result: '',
        bytesSaved: saved[1],
      }),
    ]);
    const figures = tally.finish(0).saved;
    expect(figures).toEqual({
      references: 2,
      referenceBytes: (saved[0] ?? 0) + (saved[1] ?? 0),
      cuts: 0,
      cutBytes: 0,
    });
  });

  it('switches an output once: a later turn neither counts nor audits it again', () => {
    const store = storeWithTurns([
      { prompt: 'p1', output: OUTPUT, reply: 'r1' },
      { prompt: 'p2', reply: 'r2' },
    ]);
    const { views: v, references } = views(store);
    expect(v.referenceEarlier(2, new TurnTally(2, 'p2'))).toBe(1);
    const tally = new TurnTally(3, 'p3');
    expect(v.referenceEarlier(3, tally)).toBe(0);
    expect(references()).toHaveLength(1);
    expect(outputsOf(store)[0]?.referencedAt).toBe(2);
    expect(tally.finish(0).saved).toEqual({ references: 0, referenceBytes: 0, cuts: 0, cutBytes: 0 });
  });

  it('names the tool.result event that recorded the output, and keeps an output with no call whole', () => {
    const store = storeWithTurns([{ prompt: 'p1', output: OUTPUT, reply: 'r1' }]);
    const recorded = store.append({
      kind: 'toolOutput',
      turn: 1,
      text: OUTPUT,
      call: { callId: 'c9', tool: 'search', arguments: {} },
      outcome: { ok: true },
      sources: ['evt-7'],
      recordedAt: 0,
    });
    const orphan = store.append({ kind: 'toolOutput', turn: 1, text: OUTPUT, sources: [], recordedAt: 0 });
    const { views: v, references } = views(store);
    expect(v.referenceEarlier(2, new TurnTally(2, 'p2'))).toBe(2);
    expect(references().map((e) => [e.entry, e.tool, e.result])).toEqual([
      [recorded.id - 2, 'read_file', ''],
      [recorded.id, 'search', 'evt-7'],
    ]);
    expect(orphan.referencedAt).toBeUndefined();
  });

  it('sends a tool call of an earlier turn as it is, however long', () => {
    const store = storeWithTurns([{ prompt: 'p1' }]);
    const call = {
      callId: 'c2',
      tool: 'write_file',
      arguments: { path: 'notes.md', content: OUTPUT.repeat(10) },
    };
    const written = store.append({
      kind: 'toolCall',
      turn: 1,
      text: JSON.stringify(call.arguments),
      call,
      sources: [],
      recordedAt: 0,
    });
    const { views: v } = views(store);
    expect(v.referenceEarlier(2, new TurnTally(2, 'p2'))).toBe(0);
    expect(written.referencedAt).toBeUndefined();
  });

  it('does nothing with references off', () => {
    const store = storeWithTurns([{ prompt: 'p1', output: OUTPUT, reply: 'r1' }]);
    const { views: v, references } = views(store, { references: false });
    expect(v.referenceEarlier(2, new TurnTally(2, 'p2'))).toBe(0);
    expect(references()).toEqual([]);
  });
});

describe('OutputViews.cutReply', () => {
  it("cuts the stretch of the turn's reply that retyped its output, auditing and tallying the bytes", () => {
    const reply = `Here is the file:\n\n${OUTPUT}\n\nThat is all.`;
    const store = storeWithTurns([
      { prompt: 'p1', output: OUTPUT, reply },
      { prompt: 'p2', reply: 'r2' },
    ]);
    const { views: v, cuts } = views(store);
    const tally = new TurnTally(1, 'p1');
    v.cutReply(1, tally);

    const cutReply = store.all().find((e) => e.kind === 'reply' && e.turn === 1);
    const output = outputsOf(store)[0];
    const start = bytes('Here is the file:\n\n');
    expect(cutReply?.cuts).toEqual([
      expect.objectContaining({
        start,
        end: start + bytes(OUTPUT),
        outputEntry: output?.id,
        tool: 'read_file',
      }),
    ]);
    expect(cutReply?.cutText).toMatch(/^Here is the file:\n\n.+\n\nThat is all\.$/s);
    expect(cuts()).toEqual([
      expect.objectContaining({ turn: 1, reply: cutReply?.id, output: output?.id, bytes: bytes(OUTPUT) }),
    ]);
    const saved = bytes(reply) - bytes(cutReply?.cutText ?? '');
    expect(saved).toBeGreaterThan(0);
    expect(tally.finish(0).saved).toEqual({ references: 0, referenceBytes: 0, cuts: 1, cutBytes: saved });
  });

  it("leaves a reply that retyped an earlier turn's output, and one that retyped nothing, as it was", () => {
    const store = storeWithTurns([
      { prompt: 'p1', output: OUTPUT, reply: 'r1' },
      { prompt: 'p2', output: 'something else entirely', reply: `Again:\n\n${OUTPUT}` },
      { prompt: 'p3', output: OUTPUT, reply: 'Nothing retyped here.' },
    ]);
    // An output of turn 3 with no call (as a tool output may be stored) is no output to cut against.
    store.append({ kind: 'toolOutput', turn: 3, text: OUTPUT, sources: [], recordedAt: 0 });
    const { views: v, cuts } = views(store);
    const tally = new TurnTally(2, 'p2');
    v.cutReply(2, tally);
    v.cutReply(3, tally);
    for (const reply of store.all().filter((e) => e.kind === 'reply')) {
      expect(reply.cuts).toBeUndefined();
      expect(reply.cutText).toBeUndefined();
    }
    expect(cuts()).toEqual([]);
    expect(tally.finish(0).saved).toEqual({ references: 0, referenceBytes: 0, cuts: 0, cutBytes: 0 });
  });

  it("does not cut a reply that quotes its turn's tool call: only outputs are cut", () => {
    const command = `echo ${OUTPUT.split('\n').join(' ')}`;
    const store = storeWithTurns([{ prompt: 'p1' }]);
    const call = { callId: 'c2', tool: 'run_command', arguments: { command } };
    store.append({ kind: 'toolCall', turn: 1, text: command, call, sources: [], recordedAt: 0 });
    store.append({
      kind: 'toolOutput',
      turn: 1,
      text: 'done',
      call,
      outcome: { ok: true },
      sources: [],
      recordedAt: 0,
    });
    store.append({ kind: 'reply', turn: 1, text: `I ran:\n\n${command}`, sources: [], recordedAt: 0 });
    const { views: v, cuts } = views(store);
    v.cutReply(1, new TurnTally(1, 'p1'));
    expect(cuts()).toEqual([]);
  });

  it('does nothing for a turn that has no reply', () => {
    const store = storeWithTurns([{ prompt: 'p1', output: OUTPUT }]);
    const { views: v, cuts } = views(store);
    const tally = new TurnTally(1, 'p1');
    v.cutReply(1, tally);
    expect(cuts()).toEqual([]);
    expect(tally.finish(0).saved).toEqual({ references: 0, referenceBytes: 0, cuts: 0, cutBytes: 0 });
  });

  it('does nothing with cuts off', () => {
    const store = storeWithTurns([{ prompt: 'p1', output: OUTPUT, reply: OUTPUT }]);
    const { views: v, cuts } = views(store, { cuts: false });
    v.cutReply(1, new TurnTally(1, 'p1'));
    expect(cuts()).toEqual([]);
  });
});

describe('OutputViews.maskOlder', () => {
  const turns = [1, 2, 3].map((n) => ({ prompt: `p${n}`, output: OUTPUT + ` ${n}`, reply: `r${n}` }));

  it('masks the outputs older than the latest maskKeep under the mask policy, and none under another', () => {
    const masked = storeWithTurns(turns);
    expect(views(masked, { policy: 'mask', maskKeep: 1 }).views.maskOlder(4)).toBe(2);
    expect(outputsOf(masked).map((e) => e.maskedBy !== undefined)).toEqual([true, true, false]);
    const kept = storeWithTurns(turns);
    expect(views(kept, { maskKeep: 1 }).views.maskOlder(4)).toBe(0);
    expect(outputsOf(kept).every((e) => e.maskedBy === undefined)).toBe(true);
  });
});
