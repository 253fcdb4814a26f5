import { describe, expect, it } from 'vitest';
import { firstDifference, firstRequestDifference } from '../../../runners/gate/first-difference.js';
import { renderSnapshot } from '../../../runners/gate/snapshot-format.js';
import { shortDiff } from '../../../runners/io/short-diff.js';
import { sampleOutcome, type FixtureOptions } from './fixture.js';

const RUN = { id: 'sample.target.reader.w8192.r0', scenario: 'sample', set: {} };
const render = (options: FixtureOptions = {}) => renderSnapshot(sampleOutcome(options), RUN);

describe('the first difference between two snapshots', () => {
  it('is none when they are equal', () => {
    expect(firstDifference(render(), render())).toBeNull();
  });

  it('names the call, its turn and purpose, and the first message that differs', () => {
    const changed = render({ reference: '[output of entry 4 not repeated; read_file, ok, 6 lines]' });
    expect(firstDifference(render(), changed)).toBe('call 3 (turn 2, turn), message 3 (tool)');
  });

  it('names a guided call by its purpose', () => {
    const outcome = sampleOutcome();
    const distil = outcome.files.requests[3];
    if (distil?.kind !== 'generate') throw new Error('the fixture’s call 4 is a distil call');
    distil.request.messages[1] = { role: 'user', content: 'Turn 1\nmirror GANNET' };
    expect(firstDifference(render(), renderSnapshot(outcome, RUN))).toBe(
      'call 4 (turn 2, distil), message 1 (user)',
    );
  });

  it('names a call whose messages are the same but whose answer differs', () => {
    const outcome = sampleOutcome();
    const call = outcome.files.requests[2];
    if (call?.kind !== 'respond' || !call.response) throw new Error('the fixture’s call 3 answers');
    call.response.text = 'GANNET.';
    expect(firstDifference(render(), renderSnapshot(outcome, RUN))).toBe('call 3 (turn 2, turn), its answer');
  });

  it('names an event by id, turn and type, and the field that differs', () => {
    expect(firstDifference(render(), render({ fillAfter: 4700 }))).toBe(
      'event evt-6 (turn 2, context.condensation), field fillAfter',
    );
  });

  it('reads a tool output written by reference as its content', () => {
    const outcome = sampleOutcome();
    const result = outcome.files.audit[3];
    if (result?.type !== 'tool.result') throw new Error('the fixture’s evt-4 is a tool result');
    result.content = result.content.replace('Lisbon', 'Porto');
    expect(firstDifference(render(), renderSnapshot(outcome, RUN))).toBe(
      'event evt-4 (turn 1, tool.result), field content',
    );
  });

  it('names a saved file, and the message or list element in it that differs', () => {
    const outcome = sampleOutcome();
    outcome.files.transcripts.set('transcripts/evt-6-after.json', {
      version: 1,
      messages: [
        { role: 'system', content: 'You are wisp.\n\nAnswer from what you see.' },
        { role: 'user', content: 'Earlier: GANNET' },
      ],
    });
    expect(firstDifference(render(), renderSnapshot(outcome, RUN))).toBe(
      'file transcripts/evt-6-after.json, message 1 (user)',
    );
    const stored = sampleOutcome();
    stored.files.store = {
      version: 1,
      entries: [{ id: 4, kind: 'toolOutput', text: 'other', recordedAt: 1 }],
    };
    expect(firstDifference(render(), renderSnapshot(stored, RUN))).toBe('file store.json, entries[0]');
  });

  it('says when a call is gone or new, and names the record’s probe', () => {
    const fewer = sampleOutcome();
    fewer.files.timeline.splice(2, 1);
    expect(firstDifference(render(), renderSnapshot(fewer, RUN))).toBe(
      'call 1 (turn 1, turn) is now event evt-3 (turn 1, tool.call)',
    );
    expect(firstDifference(render(), render({ verdict: 'wrong' }))).toBe('the run record, probe mirror');
  });
});

describe('the short diff', () => {
  it('shows the first hunks and counts the changed lines it leaves out', () => {
    const before = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace(/line (\d*0)$/gm, 'changed $1');
    const lines = shortDiff(before, after, { before: 'a', after: 'b' }, 20);
    expect(lines.slice(0, 3)).toEqual(['--- a', '+++ b', '@@ -1,3 +1,3 @@']);
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toMatch(/^\(\d+ more changed lines not shown\)$/);
    const shown = lines.filter((l) => /^[-+]line|^[-+]changed/.test(l)).length;
    expect(shown + Number(/\d+/.exec(lines.at(-1) ?? '')?.[0])).toBe(40);
  });
});

describe('the first request that differs', () => {
  it('is none when only an event or an answer changed: every call received the same request', () => {
    expect(firstRequestDifference(render(), render({ fillAfter: 4700 }))).toBeNull();
    const outcome = sampleOutcome();
    const call = outcome.files.requests[2];
    if (call?.kind !== 'respond' || !call.response) throw new Error('the fixture’s call 3 answers');
    call.response.text = 'GANNET.';
    expect(firstRequestDifference(render(), renderSnapshot(outcome, RUN))).toBeNull();
  });

  it('names the first call whose messages differ, past the events that came before it', () => {
    const changed = render({ reference: '[output of entry 4 not repeated; read_file, ok, 6 lines]' });
    expect(firstRequestDifference(render(), changed)).toBe('call 3 (turn 2, turn), message 3 (tool)');
  });

  it('names a call whose tools differ when its messages are the same', () => {
    const outcome = sampleOutcome();
    const call = outcome.files.requests[2];
    if (call?.kind !== 'respond') throw new Error('the fixture’s call 3 is a turn');
    call.request = { ...call.request, tools: [] };
    expect(firstRequestDifference(render(), renderSnapshot(outcome, RUN))).toBe(
      'call 3 (turn 2, turn), its tools',
    );
  });

  it('names a call that is no longer made', () => {
    const outcome = sampleOutcome();
    const last = outcome.files.timeline.findLastIndex((item) => item.kind === 'call');
    outcome.files.timeline.splice(last, 1);
    expect(firstRequestDifference(render(), renderSnapshot(outcome, RUN))).toMatch(
      /^call \d+ \(turn \d+, [a-z-]+\) is no longer made$/,
    );
  });
});
