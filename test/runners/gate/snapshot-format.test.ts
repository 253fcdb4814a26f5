import { describe, expect, it } from 'vitest';
import { renderSnapshot } from '../../../runners/gate/snapshot-format.js';
import { messagesOf, parseSnapshot, snapshotVersion } from '../../../runners/gate/parse.js';
import { ASK, NOTES, SYSTEM, sampleOutcome } from './fixture.js';

const RUN = { id: 'sample.target.reader.w8192.r0', scenario: 'sample', set: {} };

describe('the snapshot format', () => {
  it('renders the same outcome to the same text, opening with its title and version', () => {
    const text = renderSnapshot(sampleOutcome(), RUN);
    expect(renderSnapshot(sampleOutcome(), RUN)).toBe(text);
    expect(text.split('\n').slice(0, 3)).toEqual(['wisp-eval snapshot', 'version: 1', `run: ${RUN.id}`]);
    expect(snapshotVersion(text)).toBe('1');
    // Settings one per line, sorted.
    expect(text).toContain('settings:\ncontext.budget = 0.85\ncontext.target = 0.6\n');
  });

  it('writes no wall time: other durations and timings give the same text', () => {
    const quick = renderSnapshot(sampleOutcome({ ms: 1.25 }), RUN);
    const slow = renderSnapshot(sampleOutcome({ ms: 987.5 }), RUN);
    expect(slow).toBe(quick);
    expect(quick).not.toMatch(/durationMs|timing|totalMs|modelMs|987/);
  });

  it('defines a message once however many requests repeat it', () => {
    const text = renderSnapshot(sampleOutcome(), RUN);
    const snapshot = parseSnapshot(text);
    // Four turn calls and two transcripts send the system message; the distil call has its own.
    const sending = snapshot.blocks.filter((b) => messagesOf(snapshot, b)[0]?.content === SYSTEM.content);
    expect(sending.map((b) => b.call?.number ?? b.file)).toEqual([
      1,
      2,
      3,
      5,
      'transcripts/evt-6-after.json',
      'transcripts/evt-6-before.json',
    ]);
    expect(text.match(/^\+ m\d+ system$/gm)).toEqual(['+ m1 system', '+ m9 system']);
    expect(text.split('\n').filter((line) => line === '| You are wisp.')).toHaveLength(1);
    expect(text.match(/The mirror is called GULL/g)).toHaveLength(1);
  });

  it('writes a tool output once: its event defines the tool message the next request refers to', () => {
    const text = renderSnapshot(sampleOutcome(), RUN);
    const snapshot = parseSnapshot(text);
    const result = snapshot.blocks.find((b) => b.event?.type === 'tool.result');
    expect(result?.lines.at(-1)).toMatch(/"content":"@m4"/);
    expect(snapshot.blocks.find((b) => b.call?.number === 2)?.lines).toContain('messages: m1-m4');
    // The store's copy of the output refers to the message too.
    expect(text).toContain('"text":"@m4"');
  });

  it('resolves a call’s messages back to their exact contents', () => {
    const outcome = sampleOutcome();
    const snapshot = parseSnapshot(renderSnapshot(outcome, RUN));
    for (const item of outcome.files.timeline) {
      if (item.kind !== 'call') continue;
      const block = snapshot.blocks.find((b) => b.call?.number === item.call.call);
      expect(block?.call).toMatchObject({ turn: item.call.turn, purpose: item.call.purpose });
      expect(messagesOf(snapshot, block!)).toEqual(item.call.request.messages);
    }
    const before = snapshot.blocks.find((b) => b.file === 'transcripts/evt-6-before.json');
    expect(messagesOf(snapshot, before!).map((m) => m.content)).toEqual([
      SYSTEM.content,
      ASK.content,
      '',
      NOTES,
      'The notes name the mirror GULL; it runs in Lisbon.',
    ]);
  });

  it('writes answers, guided values, failures and the record’s outcome', () => {
    const text = renderSnapshot(sampleOutcome(), RUN);
    expect(text).toContain('== call 4 · turn 2 · distil · ses-4 (new session)\nestimated: 50\n+ s1 schema\n');
    expect(text).toContain('maxTokens: 400');
    expect(text).toContain('answer:\n| {\n|   "facts": [\n');
    expect(text).toContain('error: model down\n| second line\n');
    expect(text).toContain('call {"callId":"call-1","tool":"read_file","arguments":{"path":"notes.md"}}');
    expect(text).toMatch(
      /\nprobe mirror · turn 2 · correct\n\| GULL\.\nevidence: delivered-correct \{"inView":true,"atQuestion":true,"channels":\["tool"\],"staleInView":false\}\nturns: 2\n/,
    );
    expect(text).toContain('score: {"correct":1,"wrong":0,"abstained":0,"total":1}');
    expect(text).toMatch(
      /^== event evt-6 · turn 2 · context\.condensation\n\{"at":"2026-09-29T09:00:05\.000Z",/m,
    );
  });
});
