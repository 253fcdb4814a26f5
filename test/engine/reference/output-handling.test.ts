/**
 * The reference's output-handling rules, each stated as a test: the tool-output budget holds for
 * every result, a repeated call's notice included; a reference shows a page's blank last line as blank.
 */
import { describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type AuditEvent,
  type Tool,
} from '../../../engine/index.js';
import { buildReference } from '../../../engine/output/reference.js';
import { MemoryOutputStore } from '../../../runners/recording/output-store/index.js';
import { fakeModel } from '../helpers.js';
import { REPEATED_CALL_NOTICE } from '../../../engine/protocol.js';

const BUDGET = 4096;

describe('the tool-output budget', () => {
  it('a repeated call’s result, its notice included, never exceeds the budget', async () => {
    // A result a few bytes under the budget: whole the first time, over it with the notice.
    const content = `${'a line of the listing\n'.repeat(185)}`.slice(0, BUDGET - 10);
    const tool: Tool = {
      readOnly: true,
      spec: { name: 'read_file', description: 'read', parameters: {} },
      run: async () => ({ content, ok: true }),
    };
    const call = { callId: '', tool: 'read_file', arguments: { path: 'list.txt' } };
    const model = fakeModel((_r, n) =>
      n === 1 ? { text: '', toolCalls: [call, call] } : { text: 'Read twice.', toolCalls: [] },
    );
    const audit = memorySink();
    const convo = new Conversation({
      model,
      clock: steppingClock(0, 1000, () => 0),
      ids: sequentialIds(),
      audit,
      tools: [tool],
      settings: defaultSettings(),
      instructions: 'system',
      window: 8192,
      outputStore: new MemoryOutputStore(),
    });
    expect(convo.toolBudget).toBe(BUDGET);
    await convo.turn('Read list.txt twice.');
    const results = audit.events.filter(
      (e): e is Extract<AuditEvent, { type: 'tool.result' }> => e.type === 'tool.result',
    );
    expect(results.map((r) => r.repeat ?? false)).toEqual([false, true]);
    expect(results[0]?.content).toBe(content);
    const repeated = results[1];
    expect(repeated?.content.startsWith(`${REPEATED_CALL_NOTICE}\n`)).toBe(true);
    expect(repeated?.bytes).toBeLessThanOrEqual(BUDGET);
    // What did not fit beside the notice is kept whole and marked, not dropped.
    expect(audit.events.some((e) => e.type === 'output.kept')).toBe(true);
    expect(repeated?.content).toMatch(/held back/);
  });
});

describe('tool output as a reference after its turn', () => {
  const page = [
    ...Array.from({ length: 40 }, (_, i) => `${i + 1}\tline ${i + 1} of the guide, with some words on it`),
    '41\t',
    '[more from offset 42]',
  ].join('\n');
  const input = {
    entryId: 7,
    tool: 'read_file',
    recordedAt: '14:05:12',
    content: page,
    arguments: { path: 'docs/guide.md' },
    readOnly: true,
    memory: false,
  };

  it('a page that ends on a blank line shows that line as blank, not as a bare number and tab', () => {
    const reference = buildReference(input) ?? '';
    expect(reference).toContain('\nlast line: 41 (blank line)\n');
    expect(reference).not.toMatch(/last line: 41\t/);
    expect(reference).toContain('first line: 1\tline 1 of the guide');
    expect(reference).toContain('paging: more from offset 42');
  });

  it('a blank first line is shown as blank too, and a line with text is shown as it is', () => {
    const reference =
      buildReference({ ...input, content: `1\t\n${page.split('\n').slice(1).join('\n')}` }) ?? '';
    expect(reference).toContain('first line: 1 (blank line)');
    const plain = buildReference({ ...input, content: page.replace('41\t\n', '41\tthe end\n') }) ?? '';
    expect(plain).toContain('last line: 41\tthe end');
  });
});

describe('a reference’s bound of 640 bytes', () => {
  const long = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');
  const base = {
    entryId: 9,
    tool: 'read_file',
    recordedAt: '14:05:12',
    readOnly: true,
    memory: true,
  };
  /** A 62-line page of a guide with the given first and last lines, and more to page to. */
  const guide = (first: string, last: string): string =>
    [
      `1\t${first}`,
      ...Array.from({ length: 60 }, (_, i) => `${i + 2}\tmiddle line ${i + 2}`),
      `62\t${last}`,
      '[more from offset 63]',
    ].join('\n');
  const umlauts = 'ü'.repeat(98);
  /** A path of 150 characters whose first 85 take two bytes each. */
  const widePath = { path: `docs/${'ü'.repeat(85)}${'d'.repeat(65)}.md` };
  const header = (lines: number, bytes: number): string =>
    `[output of entry 9 not repeated: read_file at 14:05:12, ok, ${lines} lines, ${bytes} bytes; ` +
    'to see it: memory "recall entry 9"]';

  it('keeps a reference of exactly 640 bytes whole, its short last line included', () => {
    const content = guide(umlauts, 'end');
    const reference = buildReference({ ...base, content, arguments: widePath });
    expect(reference).toBe(
      [
        header(63, Buffer.byteLength(content)),
        `arguments: ${JSON.stringify(widePath)}`,
        `first line: 1\t${umlauts}`,
        'last line: 62\tend',
        'paging: more from offset 63',
      ].join('\n'),
    );
    expect(Buffer.byteLength(reference ?? '')).toBe(640);
  });

  it('shortens the last line first, to fill the bound exactly, keeping the first line, the arguments and the paging line whole', () => {
    const last = 'the closing line of the guide, which says where the schedule lives and who to ask about it';
    const args = { path: `docs/${'d'.repeat(150)}.md` };
    const reference = buildReference({ ...base, content: guide(umlauts, last), arguments: args }) ?? '';
    const lines = reference.split('\n');
    expect(Buffer.byteLength(reference)).toBe(640);
    expect(lines.slice(1)).toEqual([
      `arguments: ${JSON.stringify(args)}`,
      `first line: 1\t${umlauts}`,
      `last line: 62\t${last.slice(0, 85)}…`,
      'paging: more from offset 63',
    ]);
  });

  it('keeps a shortened last line that has 8 bytes left, its … included', () => {
    const content = guide('ü'.repeat(97), 'the closing line of the guide');
    const lines = buildReference({ ...base, content, arguments: widePath })?.split('\n') ?? [];
    expect(lines[3]).toBe('last line: 62\tth…');
    expect(Buffer.byteLength(lines.join('\n'))).toBe(640);
  });

  it('drops the last line whole when fewer than 8 bytes are left for it, rather than sending a stub of it', () => {
    const content = [
      `1\t${long(10, 'first')}`,
      ...Array.from({ length: 60 }, (_, i) => `${i + 2}\tmiddle`),
      `62\t${long(30, 'last')}`,
    ].join('\n');
    // A long tool name makes the header long: with it, the arguments and the first line, 15 bytes are left.
    const reference =
      buildReference({ ...base, tool: 't'.repeat(230), content, arguments: { path: 'p'.repeat(400) } }) ?? '';
    expect(Buffer.byteLength(reference)).toBe(625);
    const lines = reference.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(`first line: 1\t${long(10, 'first')}`);
  });

  it('gives up the first line next, whole when fewer than 8 bytes are left for it, keeping the arguments', () => {
    // One line of content (so no last line) under a path of 158 three-byte characters.
    const content = `1\t${'ü'.repeat(1000)}\n[end of file]`;
    const args = { path: `docs/${'文'.repeat(158)}.md` };
    const reference = buildReference({ ...base, content, arguments: args });
    expect(reference).toBe(
      [header(2, Buffer.byteLength(content)), `arguments: ${JSON.stringify(args)}`].join('\n'),
    );
    expect(Buffer.byteLength(reference ?? '')).toBe(621);
  });

  it('gives up the arguments last, and cuts a header longer than the bound by itself to 640 bytes', () => {
    const content = [
      ...Array.from({ length: 80 }, (_, i) => `${i + 1}\tline ${i + 1} of the guide`),
      '[more from offset 81]',
    ].join('\n');
    const args = { path: 'docs/guide.md' };
    // A tool name of 485 characters leaves 7 bytes for the arguments beside the header and the paging line.
    const narrow = buildReference({ ...base, tool: 't'.repeat(485), content, arguments: args }) ?? '';
    expect(narrow.split('\n')).toHaveLength(2);
    expect(narrow.split('\n')[1]).toBe('paging: more from offset 81');
    expect(Buffer.byteLength(narrow)).toBe(621);
    const wider = buildReference({ ...base, tool: 't'.repeat(480), content, arguments: args }) ?? '';
    expect(wider.split('\n')[1]).toBe('arguments: {"path":"…');
    const over = buildReference({ ...base, tool: 't'.repeat(700), content, arguments: args }) ?? '';
    expect(over).toBe(`[output of entry 9 not repeated: ${'t'.repeat(637 - 33)}…`);
    expect(Buffer.byteLength(over)).toBe(640);
  });
});

describe('an output no longer than its reference', () => {
  const input = {
    entryId: 9,
    tool: 'read_file',
    recordedAt: '14:05:12',
    arguments: { path: 'a.md' },
    readOnly: true,
    memory: false,
  };

  it('is sent whole when exactly as long as its reference, and referenced from one byte more', () => {
    const exact = `error: ${'x'.repeat(242)}`;
    expect(Buffer.byteLength(exact)).toBe(249);
    expect(buildReference({ ...input, content: exact })).toBeNull();
    const longer = `${exact}x`;
    const reference = buildReference({ ...input, content: longer }) ?? '';
    expect(reference.split('\n')[0]).toBe(
      '[output of entry 9 not repeated: read_file at 14:05:12, failed, 1 line, 250 bytes; call it again to see it]',
    );
    expect(Buffer.byteLength(reference)).toBe(249);
  });
});
