import { describe, expect, it } from 'vitest';
import { byteLength } from '../../../../engine/measure/estimate.js';
import { cutToBytes, pageRecall, textLines } from '../../../../engine/tools/memory/memory-page.js';
import { parseMemoryRequest } from '../../../../engine/tools/memory/memory-request.js';
import { recallText } from '../../../../engine/tools/memory/recall-request.js';

describe('memory requests', () => {
  it('reads each verb, and a recall without one', () => {
    expect(parseMemoryRequest('Recall entry #7')).toEqual({
      verb: 'recall',
      target: { kind: 'entry', id: 7 },
      filters: { from: 1 },
    });
    expect(parseMemoryRequest('turn 3 tail 5 from 40')).toEqual({
      verb: 'recall',
      target: { kind: 'turn', turn: 3 },
      filters: { from: 40, range: { kind: 'tail', count: 5 } },
    });
    expect(parseMemoryRequest('note preference tone = short answers = please')).toEqual({
      verb: 'note',
      subject: 'preference',
      name: 'tone',
      value: 'short answers = please',
    });
    expect(parseMemoryRequest('task fix the objective parser; Objective: tests pass')).toEqual({
      verb: 'task',
      text: 'fix the objective parser',
      objective: 'tests pass',
    });
  });

  it('treats task alone, or with only filters, as a recall of the task', () => {
    expect(parseMemoryRequest('task')).toMatchObject({ verb: 'recall', target: { kind: 'task' } });
    expect(parseMemoryRequest('task matching flag')).toMatchObject({
      verb: 'recall',
      target: { kind: 'task' },
      filters: { pattern: 'flag' },
    });
  });

  it('reads a fact name and a pattern with spaces, quoted or running to the next filter', () => {
    expect(parseMemoryRequest('recall fact file docs/a b.md matching "x  y" lines 2-9')).toEqual({
      verb: 'recall',
      target: { kind: 'fact', subject: 'file', name: 'docs/a b.md' },
      filters: { from: 1, pattern: 'x  y', range: { kind: 'lines', first: 2, last: 9 } },
    });
    expect(parseMemoryRequest('recall output 3f9a matching exit status 2 from line 9')).toMatchObject({
      filters: { from: 9, pattern: 'exit status 2' },
    });
  });

  it('spells a recall back so that it reads the same', () => {
    for (const text of [
      "recall entry 4 matching 'from line' head 3 from line 2",
      "recall fact decision 'the flag' matching \"it's\" lines 1-4",
      'recall output c4 tail 9 from line 7',
    ]) {
      const request = parseMemoryRequest(text);
      if (request.verb !== 'recall' || 'error' in request) throw new Error(text);
      const spelled = recallText(request.target, request.filters, request.filters.from);
      expect(spelled).toBe(text);
      expect(parseMemoryRequest(spelled)).toEqual(request);
    }
  });

  it('says what a request takes when it cannot be read', () => {
    expect(parseMemoryRequest('')).toMatchObject({ verb: 'recall', error: expect.stringMatching(/empty/) });
    expect(parseMemoryRequest('recall nothing')).toMatchObject({
      error: expect.stringMatching(/^recall takes/),
    });
    expect(parseMemoryRequest('recall entry 3 lines 9-2')).toMatchObject({
      error: 'lines 9-2: a range is A-B with 1 <= A <= B',
    });
    expect(parseMemoryRequest('recall entry 3 from line 0')).toMatchObject({
      error: 'from line counts from 1',
    });
  });
});

describe('recall pages', () => {
  const document = { title: '[t]', sections: [{ lines: textLines('a\nb\nc\n') }], noun: 'entry' };

  it('pages a short text whole', () => {
    expect(pageRecall(document, { from: 1 }, 4096, () => 'x').content).toBe(
      '[t]\n1\ta\n2\tb\n3\tc\n[end of entry]',
    );
  });

  it('stays within a budget too small even for the title', () => {
    const page = pageRecall(
      { ...document, title: '[a long title for a tiny page]' },
      { from: 1 },
      20,
      () => 'x',
    );
    expect(byteLength(page.content)).toBeLessThanOrEqual(20);
  });

  it('cuts text at a character boundary', () => {
    expect(cutToBytes('aé🙂b', 4)).toBe('aé');
    expect(cutToBytes('aé🙂b', 7)).toBe('aé🙂');
    expect(cutToBytes('abc', 0)).toBe('');
  });
});
