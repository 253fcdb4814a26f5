/**
 * The facts' room, to the byte (reference, "In the request": both blocks together capped at the
 * facts' share of the window, never below 1 KiB; past the cap the task, facts in conflict and the
 * person's are kept first, then the newest). Every case here has a room of 1,024 bytes. A block
 * costs its lines and a newline each: the earlier block's first line is 116 bytes, the now block's
 * 96, and a fact's line is as long as its value makes it (the overheads are noted where facts are
 * made). Once the facts do not all fit, room is first set aside for the earlier block's first line
 * and for the line that says how many were left out.
 */
import { describe, expect, it } from 'vitest';
import { composeFactBlocks } from '../../../engine/facts/blocks.js';
import type { Fact, FactScope, FactSource } from '../../../engine/facts/fact.js';
import { EARLIER_HEADER, NOW_HEADER } from '../../../engine/protocol.js';

const bytes = (text: string): number => new TextEncoder().encode(text).length;

const PERSON: FactSource = { kind: 'person', method: 'stated' };
const CALLER: FactSource = { kind: 'caller', method: 'stated' };
const MODEL: FactSource = { kind: 'model', method: 'inferred' };

interface Made {
  subject: string;
  name: string;
  source: FactSource;
  scope: FactScope;
  /** The length of the value, in ASCII characters. */
  chars: number;
  recordedAt: number;
}

/** Facts in the order the store recorded them; each value is `chars` letters. */
function facts(...made: Made[]): Fact[] {
  return made.map((m, i) => ({
    id: `f${i + 1}`,
    identity: { scope: m.scope, subject: m.subject, name: m.name },
    source: m.source,
    version: 1,
    value: 'v'.repeat(m.chars),
    temporalClass: m.scope === 'session' ? 'ephemeral' : 'dynamic',
    entries: [],
    events: [],
    recordedAt: m.recordedAt,
    turn: 1,
    supersededBy: null,
    state: 'current',
  }));
}

// `- entity p1: VALUE — from the person`: 33 bytes and the value.
const personEntity = (name: string, chars: number, recordedAt: number): Made => ({
  subject: 'entity',
  name,
  source: PERSON,
  scope: 'thread',
  chars,
  recordedAt,
});
// `- task: VALUE — from the person`: 28 bytes and the value.
const personTask = (chars: number, recordedAt: number): Made => ({
  subject: 'task',
  name: '',
  source: PERSON,
  scope: 'session',
  chars,
  recordedAt,
});
// `- service s1: VALUE — from the person`: 34 bytes and the value.
const personService = (name: string, chars: number, recordedAt: number): Made => ({
  subject: 'service',
  name,
  source: PERSON,
  scope: 'session',
  chars,
  recordedAt,
});
// `- task: VALUE — from model, inferred, turn 1`: 41 bytes and the value.
const modelTask = (chars: number, recordedAt: number): Made => ({
  ...personTask(chars, recordedAt),
  source: MODEL,
});
// `- service m1: VALUE — from model, inferred, turn 1`: 47 bytes and the value.
const modelService = (name: string, chars: number, recordedAt: number): Made => ({
  ...personService(name, chars, recordedAt),
  source: MODEL,
});
// `- entity m1: VALUE — from model, inferred, turn 1`: 46 bytes and the value.
const modelEntity = (name: string, chars: number, recordedAt: number): Made => ({
  ...personEntity(name, chars, recordedAt),
  source: MODEL,
});

function compose(all: Fact[]) {
  // 0.1 of a 1,000-token window is 400 bytes, under the floor: the room is 1,024 bytes.
  return composeFactBlocks({ facts: all, window: 1000, share: 0.1 });
}

/** The blocks' fact lines, each as `name:bytes`, the headers and the omission line left out. */
function shown(block: string | null): string[] {
  return (block ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => `${/^- (?:\w+ )?(\w*):/.exec(line)?.[1] || 'task'}:${bytes(line)}`);
}

/** What both blocks take: each block's text and a newline. */
const taken = (blocks: { earlier: string | null; now: string | null }): number =>
  (blocks.earlier === null ? 0 : bytes(blocks.earlier) + 1) +
  (blocks.now === null ? 0 : bytes(blocks.now) + 1);

describe('the facts’ room, to the byte', () => {
  it('has headers of 116 and 96 bytes, which the arithmetic below counts on', () => {
    expect([bytes(EARLIER_HEADER), bytes(NOW_HEADER)]).toEqual([116, 96]);
  });

  it('keeps both blocks whole when they fill the room exactly, and leaves out the oldest at one byte more', () => {
    // 117 + 97 for the headers, 100 for the task, 5 × 142 for the person's facts: 1,024.
    const exact = [personTask(71, 9000), ...[1, 2, 3, 4, 5].map((n) => personEntity(`p${n}`, 108, n * 1000))];
    const fits = compose(facts(...exact));
    expect(fits.omitted).toBe(0);
    expect(taken(fits)).toBe(1024);
    expect(shown(fits.earlier)).toEqual(['p1:141', 'p2:141', 'p3:141', 'p4:141', 'p5:141']);
    expect(shown(fits.now)).toEqual(['task:99']);
    expect(fits.earlier?.split('\n').at(-1)).toMatch(/^- entity p5: v+ — from the person$/);

    // One byte more. Set aside 117 + 41 for the first line and `Left out for lack of room: 6 more
    // facts.`; the task takes 100 + 97, the four newest facts 4 × 142: 923, and the oldest no longer fits.
    const over = compose(facts(...exact.slice(0, 5), personEntity('p5', 109, 5000)));
    expect(over.omitted).toBe(1);
    expect(shown(over.earlier)).toEqual(['p2:141', 'p3:141', 'p4:141', 'p5:142']);
    expect(over.earlier?.split('\n').at(-1)).toBe('Left out for lack of room: 1 more fact.');
    expect(shown(over.now)).toEqual(['task:99']);
  });

  it('counts only the now block’s first line when it is the only block', () => {
    // 97 for the header, 127 for the task and 5 × 160 for the services: 1,024.
    const fits = compose(
      facts(personTask(98, 9000), ...[1, 2, 3, 4, 5].map((n) => personService(`s${n}`, 125, n * 1000))),
    );
    expect(fits.earlier).toBeNull();
    expect(fits.omitted).toBe(0);
    expect(taken(fits)).toBe(1024);
    expect(shown(fits.now)).toEqual(['s1:159', 's2:159', 's3:159', 's4:159', 's5:159', 'task:126']);
  });

  it('counts only the earlier block’s first line when it is the only block', () => {
    // 117 for the header, 5 × 160 and 107 for the facts: 1,024.
    const fits = compose(
      facts(
        ...[1, 2, 3, 4, 5].map((n) => personEntity(`p${n}`, 126, n * 1000)),
        personEntity('p6', 73, 6000),
      ),
    );
    expect(fits.now).toBeNull();
    expect(fits.omitted).toBe(0);
    expect(taken(fits)).toBe(1024);
    expect(shown(fits.earlier)).toEqual(['p1:159', 'p2:159', 'p3:159', 'p4:159', 'p5:159', 'p6:106']);
  });

  it('past the cap keeps the task first, then the person’s, then the newest, to the last byte', () => {
    // Recorded in this order: the model's task (the oldest), the person's four facts, the model's
    // service (the newest), and an older fact of the model's. Set aside 117 + 41, the task takes
    // 82 + 97 (the now block opens with it), the person's facts 619 and the service 68: 1,024 to
    // the byte. The service is the now block's second line, so it does not pay for its first again.
    const all = facts(
      modelTask(40, 1000),
      personEntity('p1', 121, 2000),
      personEntity('p2', 121, 3000),
      personEntity('p3', 121, 4000),
      personEntity('p4', 120, 5000),
      modelService('m1', 20, 9000),
      modelEntity('m2', 35, 1500),
    );
    const blocks = compose(all);
    expect(blocks.omitted).toBe(1);
    expect(shown(blocks.earlier)).toEqual(['p1:154', 'p2:154', 'p3:154', 'p4:153']);
    expect(blocks.earlier?.split('\n').at(-1)).toBe('Left out for lack of room: 1 more fact.');
    // The task sits last, nearest the request, though it was recorded first.
    expect(shown(blocks.now)).toEqual(['m1:67', 'task:81']);
  });

  it('past the cap leaves out a fact that would open the now block one byte over the room', () => {
    // Set aside 117 + 41; the person's four facts take 702, so the model's service, the newest of
    // the rest, would take 68 and 97 for the now block's first line: 1,025. The oldest fact is too
    // long for what is left.
    const blocks = compose(
      facts(
        personEntity('p1', 141, 1000),
        personEntity('p2', 141, 2000),
        personEntity('p3', 142, 3000),
        personEntity('p4', 142, 4000),
        modelService('m1', 20, 9000),
        modelEntity('m2', 160, 500),
      ),
    );
    expect(blocks.now).toBeNull();
    expect(blocks.omitted).toBe(2);
    expect(shown(blocks.earlier)).toEqual(['p1:174', 'p2:174', 'p3:175', 'p4:175']);
    expect(blocks.earlier?.split('\n').at(-1)).toBe('Left out for lack of room: 2 more facts.');
  });

  it('ranks a caller’s fact with the person’s past the cap, whenever it was recorded', () => {
    const all = facts(
      { ...personEntity('owner', 20, 1000), source: CALLER },
      ...Array.from({ length: 30 }, (_, i) => modelEntity(`m${i + 1}`, 60, 2000 + i * 1000)),
    );
    const blocks = compose(all);
    const names = shown(blocks.earlier).map((line) => line.split(':')[0]);
    expect(names[0]).toBe('owner');
    // The rest are the newest of the model's: 117 + 42 set aside (`31 more facts.`), 57 for the
    // caller's fact and 108 for each of the model's leave room for seven.
    expect(names.slice(1)).toEqual(['m24', 'm25', 'm26', 'm27', 'm28', 'm29', 'm30']);
    expect(blocks.omitted).toBe(23);
  });

  it('keeps the later recorded of facts recorded at the same time', () => {
    const all = facts(...Array.from({ length: 12 }, (_, i) => modelEntity(`m${i + 1}`, 60, 5000)));
    const blocks = compose(all);
    // 117 + 42 set aside (`12 more facts.`) leave 865: three facts of 108 and five of 107.
    expect(shown(blocks.earlier).map((line) => line.split(':')[0])).toEqual([
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
      'm10',
      'm11',
      'm12',
    ]);
    expect(blocks.omitted).toBe(4);
  });
});
