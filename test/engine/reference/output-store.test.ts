/**
 * The reference's rules for the output store's sweep by age, each stated as a test: a conversation's
 * kept outputs go context.outputDays days after their last use, when a later conversation starts,
 * never the current one's and never what the store did not write; the sweep reads time through the
 * clock port, is bounded, and is recorded on session.start.
 */
import { mkdtemp, mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  sweepOutputs,
  type Clock,
  type OutputSession,
  type OutputSessions,
} from '../../../engine/index.js';
import { outputSessionsIn } from '../../../runners/recording/output-store/output-folders.js';
import { fakeModel } from '../helpers.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 9, 1);

/** A clock at NOW whose monotonic time moves `stepMs` at every reading. */
function clockAt(stepMs = 0): Clock {
  let t = 0;
  return { now: () => NOW, monotonic: () => (t += stepMs) };
}

function fakeSessions(sessions: OutputSession[]): OutputSessions & { removed: string[] } {
  const removed: string[] = [];
  return {
    removed,
    list: async () => sessions,
    remove: async (id) => {
      removed.push(id);
      return { files: 2, bytes: 100 };
    },
  };
}

describe('sweeping the output store by age', () => {
  it('removes the folders last used context.outputDays or more days ago, oldest first, never the current one', async () => {
    const sessions = fakeSessions([
      { id: 'recent', lastUsed: NOW - 29 * DAY },
      { id: 'old', lastUsed: NOW - 31 * DAY },
      { id: 'older', lastUsed: NOW - 90 * DAY },
      { id: 'current', lastUsed: NOW - 400 * DAY },
    ]);
    const report = await sweepOutputs(sessions, clockAt(), { days: 30, current: 'current' });
    expect(sessions.removed).toEqual(['older', 'old']);
    expect(report).toEqual({
      days: 30,
      due: 2,
      removed: ['older', 'old'],
      files: 4,
      bytes: 200,
      left: 0,
      stopped: 'done',
    });
  });

  it('never sweeps at 0 days', async () => {
    const sessions = fakeSessions([{ id: 'old', lastUsed: 0 }]);
    expect(await sweepOutputs(sessions, clockAt(), { days: 0, current: 'x' })).toBeNull();
    expect(sessions.removed).toEqual([]);
  });

  it('is bounded: at most 16 folders a start, and no more once 100 ms of the clock have passed', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `s${i}`, lastUsed: NOW - (100 + i) * DAY }));
    const bySessions = await sweepOutputs(fakeSessions(many), clockAt(), { days: 30, current: 'x' });
    expect(bySessions).toMatchObject({ due: 20, left: 4, stopped: 'sessions' });
    expect(bySessions?.removed).toHaveLength(16);
    // Each reading of the clock's monotonic time moves 30 ms: the fourth check is past 100 ms.
    const byTime = await sweepOutputs(fakeSessions(many), clockAt(30), { days: 30, current: 'x' });
    expect(byTime).toMatchObject({ stopped: 'time', left: 17 });
    expect(byTime?.removed).toHaveLength(3);
  });

  it('a failing removal stops the sweep with its error; the rest are left for a later start', async () => {
    const sessions: OutputSessions = {
      list: async () => [
        { id: 'a', lastUsed: 0 },
        { id: 'b', lastUsed: 1 },
      ],
      remove: async (id) => {
        if (id === 'a') throw new Error('busy');
        return { files: 1, bytes: 1 };
      },
    };
    expect(await sweepOutputs(sessions, clockAt(), { days: 1, current: 'x' })).toMatchObject({
      removed: [],
      left: 2,
      error: 'a: busy',
    });
  });

  it('takes a folder last used exactly context.outputDays days ago as due, and orders folders of the same age by id', async () => {
    const sessions = fakeSessions([
      { id: 'ses-b', lastUsed: NOW - 30 * DAY },
      { id: 'ses-c', lastUsed: NOW - 30 * DAY + 1 },
      { id: 'ses-a', lastUsed: NOW - 30 * DAY },
    ]);
    const report = await sweepOutputs(sessions, clockAt(), { days: 30, current: 'x' });
    expect(report?.removed).toEqual(['ses-a', 'ses-b']);
    expect(report).toMatchObject({ due: 2, left: 0, stopped: 'done' });
  });

  it('stops once exactly 100 ms of the clock have passed', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, lastUsed: NOW - (100 + i) * DAY }));
    // Readings at 25, 50, 75, 100, 125 ms: the fourth check finds 100 ms gone since the start.
    const report = await sweepOutputs(fakeSessions(many), clockAt(25), { days: 30, current: 'x' });
    expect(report).toMatchObject({ removed: ['s5', 's4', 's3'], left: 3, stopped: 'time' });
  });

  it('a failing listing is recorded as the sweep’s error, with nothing removed', async () => {
    const failing = (thrown: unknown): OutputSessions => ({
      list: async () => {
        throw thrown;
      },
      remove: async () => ({ files: 0, bytes: 0 }),
    });
    const empty = { days: 30, due: 0, removed: [], files: 0, bytes: 0, left: 0, stopped: 'done' };
    expect(
      await sweepOutputs(failing(new Error('EACCES: permission denied')), clockAt(), {
        days: 30,
        current: 'x',
      }),
    ).toEqual({ ...empty, error: 'EACCES: permission denied' });
    expect(await sweepOutputs(failing('gone'), clockAt(), { days: 30, current: 'x' })).toEqual({
      ...empty,
      error: 'gone',
    });
  });

  it('is recorded on the starting conversation’s session.start, with the setting in its settings', async () => {
    const report = await sweepOutputs(fakeSessions([{ id: 'old', lastUsed: 0 }]), clockAt(), {
      days: 30,
      current: 'x',
    });
    const audit = memorySink();
    new Conversation({
      model: fakeModel(() => ({ text: 'ok', toolCalls: [] })),
      clock: clockAt(),
      ids: sequentialIds(),
      audit,
      tools: [],
      settings: defaultSettings(),
      instructions: 'system',
      outputSweep: report,
    });
    const start = audit.events[0];
    expect(start?.type).toBe('session.start');
    expect(start).toMatchObject({ outputSweep: { removed: ['old'], due: 1 } });
    expect(defaultSettings().context.outputDays).toBe(30);
  });
});

describe('the output store’s folders on disk', () => {
  let root = '';
  afterEach(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('takes a folder’s last use from its newest file, and removes only what the store wrote', async () => {
    root = await mkdtemp(join(tmpdir(), 'wisp-sweep-'));
    const old = join(root, 'ses-old');
    const mixed = join(root, 'ses-mixed');
    const fresh = join(root, 'ses-fresh');
    for (const dir of [old, mixed, fresh]) {
      await mkdir(dir);
      await writeFile(join(dir, 'call-1.out'), 'output');
      await writeFile(join(dir, 'call-1.json'), '{}');
    }
    await writeFile(join(mixed, 'notes.txt'), 'the person’s own file');
    const longAgo = new Date(NOW - 60 * DAY);
    for (const dir of [old, mixed]) {
      for (const name of await readdir(dir)) await utimes(join(dir, name), longAgo, longAgo);
      await utimes(dir, longAgo, longAgo);
    }
    await utimes(fresh, longAgo, longAgo);
    const recent = new Date(NOW - DAY);
    await utimes(join(fresh, 'call-1.out'), recent, recent);

    const report = await sweepOutputs(outputSessionsIn(root), clockAt(), { days: 30, current: 'none' });
    expect(report).toMatchObject({ due: 2, removed: ['ses-mixed', 'ses-old'], files: 4 });
    expect((await readdir(root)).sort()).toEqual(['ses-fresh', 'ses-mixed']);
    expect(await readdir(mixed)).toEqual(['notes.txt']);
    expect((await readdir(fresh)).sort()).toEqual(['call-1.json', 'call-1.out']);
  });

  it('a root that does not exist has no folders', async () => {
    expect(await outputSessionsIn(join(tmpdir(), 'wisp-no-such-root')).list()).toEqual([]);
  });
});
