import { describe, expect, it } from 'vitest';
import { MAX_SUMMARY_VERSIONS, SummaryVersions } from '../../../engine/facts/summary-versions.js';

const turn = (n: number) => ({
  turn: n,
  entries: [n * 2, n * 2 + 1],
  events: [`evt-${n * 2}`, `evt-${n * 2 + 1}`],
  lines: [`person: ${n}`],
});

describe('the running summary versions', () => {
  it('adds each batch to what the summary covers, and takes in the turns that waited', () => {
    const summary = new SummaryVersions();
    summary.wait([turn(1), turn(2)]);
    summary.add('One and two.', summary.waiting, 4, 100, 'the model');
    expect(summary.waiting).toEqual([]);
    summary.add('One to three.', [turn(3)], 5, 200, 'the model');
    expect(summary.latest).toEqual({
      version: 2,
      text: 'One to three.',
      turns: [1, 2, 3],
      added: [6, 7],
      events: ['evt-6', 'evt-7'],
      highestEntry: 7,
      writtenIn: 5,
      writtenAt: 200,
      model: 'the model',
    });
  });

  it('adds no audit events for waiting turns saved without them', () => {
    const summary = new SummaryVersions();
    const { events: _events, ...saved } = turn(1);
    summary.wait([saved]);
    summary.add('One.', summary.waiting, 3, 100, 'the model');
    expect(summary.latest?.events).toEqual([]);
    expect(summary.latest?.added).toEqual([2, 3]);
  });

  it('keeps the newest 20 versions', () => {
    const summary = new SummaryVersions();
    for (let n = 1; n <= 23; n++) summary.add(`Version ${n}.`, [turn(n)], n, n, 'the model');
    expect(MAX_SUMMARY_VERSIONS).toBe(20);
    expect(summary.versions).toHaveLength(20);
    expect(summary.versions[0]?.version).toBe(4);
    expect(summary.latest?.version).toBe(23);
  });

  it('saves copies that later versions do not change, and restores them', () => {
    const summary = new SummaryVersions();
    summary.add('First.', [turn(1)], 3, 10, 'the model');
    summary.wait([turn(2)]);
    const saved = summary.save();
    summary.add('Second.', summary.waiting, 4, 20, 'the model');
    expect(saved.summaries.map((s) => s.version)).toEqual([1]);
    expect(saved.waiting).toEqual([turn(2)]);
    const restored = new SummaryVersions();
    restored.restore(saved);
    expect(restored.versions).toEqual(saved.summaries);
    expect(restored.waiting).toEqual(saved.waiting);
  });

  it('saves each waiting turn whole: its entries, audit events and lines, and no events where it had none', () => {
    const summary = new SummaryVersions();
    const { events: _events, ...noEvents } = turn(3);
    summary.wait([turn(1), turn(2), noEvents]);
    const saved = summary.save();
    expect(saved.waiting).toEqual([turn(1), turn(2), noEvents]);
    expect(saved.waiting[2]).not.toHaveProperty('events');
    // What the caller's turns hold later does not change what was saved.
    summary.waiting[0]?.events?.push('evt-later');
    summary.waiting[0]?.entries.push(99);
    summary.waiting[0]?.lines.push('assistant: later');
    expect(saved.waiting[0]).toEqual(turn(1));
  });
});
