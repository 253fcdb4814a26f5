/**
 * The reference's output-handling rules, each stated as a test: the tool-output budget holds for
 * every result, a repeated call's notice included; a reference shows a page's blank last line as blank.
 */
import { describe, expect, it } from 'vitest';
import { REPEATED_CALL_NOTICE } from '../../../engine/agent/tool-runner.js';
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
import { MemoryOutputStore } from '../../../runners/output-store/index.js';
import { fakeModel } from '../helpers.js';

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

  it('shortens the last line first, keeping the first line and the arguments whole, and ends under the bound', () => {
    const content = [
      `1\t${long(30, 'first')}`,
      ...Array.from({ length: 60 }, (_, i) => `${i + 2}\tmiddle`),
      `62\t${long(30, 'last')}`,
    ].join('\n');
    const args = { path: `docs/${'d'.repeat(150)}.md` };
    const reference = buildReference({ ...base, content, arguments: args }) ?? '';
    const lines = reference.split('\n');
    expect(Buffer.byteLength(reference)).toBeLessThanOrEqual(640);
    expect(lines[1]).toBe(`arguments: ${JSON.stringify(args)}`);
    expect(lines[2]).toBe(`first line: 1\t${long(30, 'first')}`.slice(0, 'first line: '.length + 99) + '…');
    expect(lines[3]?.startsWith('last line: 62\tlast last')).toBe(true);
    expect(Buffer.byteLength(lines[3] ?? '')).toBeLessThan(
      Buffer.byteLength(`last line: 62\t${long(30, 'last').slice(0, 98)}…`),
    );
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
});
