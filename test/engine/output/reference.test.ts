import { describe, expect, it } from 'vitest';
import { buildReference, type ReferenceInput } from '../../../engine/output/reference.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

function page(count: number, last: string): string {
  const lines = Array.from({ length: count }, (_, i) =>
    i === 0
      ? '1\t# overview'
      : i === count - 1
        ? `${count}\t${last}`
        : `${i + 1}\tline ${i + 1} of the overview`,
  );
  return [...lines, `[more from offset ${count + 1}]`].join('\n');
}

function input(overrides: Partial<ReferenceInput>): ReferenceInput {
  return {
    entryId: 7,
    tool: 'read_file',
    recordedAt: '14:05:12',
    content: page(100, 'the last whole line of the page'),
    arguments: { path: 'docs/overview.md' },
    readOnly: true,
    memory: false,
    ...overrides,
  };
}

function lineOf(reference: string | null, label: string): string | undefined {
  return reference
    ?.split('\n')
    .find((line) => line.startsWith(`${label}: `))
    ?.slice(label.length + 2);
}

describe('buildReference', () => {
  it('describes a read_file page: tool, time, status, counts, edges and paging', () => {
    const content = page(100, 'the last whole line of the page');
    expect(buildReference(input({ content }))).toBe(
      [
        `[output of entry 7 not repeated: read_file at 14:05:12, ok, 101 lines, ${bytes(content)} bytes; call it again to see it]`,
        'arguments: {"path":"docs/overview.md"}',
        'first line: 1\t# overview',
        'last line: 100\tthe last whole line of the page',
        'paging: more from offset 101',
      ].join('\n'),
    );
  });

  it('says how to see the output: memory, calling again, or not to run it again', () => {
    const header = (over: Partial<ReferenceInput>) => buildReference(input(over))?.split('\n')[0];
    expect(header({ memory: true })).toMatch(/; to see it: memory "recall entry 7"\]$/);
    expect(header({ memory: true, readOnly: false })).toMatch(/; to see it: memory "recall entry 7"\]$/);
    expect(header({ readOnly: true })).toMatch(/; call it again to see it\]$/);
    expect(header({ readOnly: false, tool: 'run_command' })).toMatch(
      /; not repeated; do not run it again to see it\]$/,
    );
  });

  it("takes a command's frames and notes as no content, and states its exit status", () => {
    const content = [
      'exit status: 2',
      'stdout:',
      ...Array.from({ length: 40 }, (_, i) => `compiling module ${i + 1} of the harbour sync service`),
      'stderr:',
      'error: module ledger failed to build',
      '[timed out after 30 s]',
    ].join('\n');
    const reference = buildReference(input({ tool: 'run_command', readOnly: false, content }));
    expect(reference?.split('\n')[0]).toContain('run_command at 14:05:12, exit status 2, 45 lines, ');
    expect(lineOf(reference, 'first line')).toBe('compiling module 1 of the harbour sync service');
    expect(lineOf(reference, 'last line')).toBe('error: module ledger failed to build');
    expect(lineOf(reference, 'paging')).toBeUndefined();
  });

  it('says ok for exit status 0 only as the exit status, and failed for an error result', () => {
    const ok = ['exit status: 0', 'stdout:', ...Array.from({ length: 60 }, (_, i) => `row ${i}`)].join('\n');
    expect(buildReference(input({ content: ok, readOnly: false }))).toContain(', exit status 0, 62 lines,');
    const error = `error: the file docs/overview.md could not be read: ${'permission denied; '.repeat(60)}`;
    expect(buildReference(input({ content: error }))?.split('\n')[0]).toContain(
      'read_file at 14:05:12, failed, 1 line',
    );
  });

  it('says timed out for a command killed at its time limit', () => {
    const content = [
      'exit status: none (killed by SIGTERM)',
      'stdout:',
      ...Array.from({ length: 30 }, (_, i) => `waiting for the ledger lock, attempt ${i + 1}`),
      '[timed out after 30 s]',
    ].join('\n');
    const reference = buildReference(input({ content, tool: 'run_command', readOnly: false }));
    expect(reference?.split('\n')[0]).toContain('run_command at 14:05:12, timed out, 33 lines,');
    expect(lineOf(reference, 'last line')).toBe('waiting for the ledger lock, attempt 30');
  });

  it('does not take the end-of-file mark as the last line', () => {
    const content = [
      ...Array.from({ length: 30 }, (_, i) => `${i + 1}\tentry ${i + 1} of the ledger`),
      '[end of file]',
    ].join('\n');
    const reference = buildReference(input({ content }));
    expect(lineOf(reference, 'last line')).toBe('30\tentry 30 of the ledger');
    expect(lineOf(reference, 'paging')).toBeUndefined();
  });

  it('shortens each line to 100 characters, ending with …', () => {
    const long = 'x'.repeat(300);
    const content = [`1\t${long}`, ...Array.from({ length: 20 }, (_, i) => `${i + 2}\tshort ${i}`)].join(
      '\n',
    );
    const first = lineOf(buildReference(input({ content })), 'first line');
    expect(Array.from(first ?? '')).toHaveLength(100);
    expect(first).toBe(`1\t${'x'.repeat(97)}…`);
  });

  it('marks a line next to a cut with …', () => {
    const content = [
      'exit status: 0',
      'stdout:',
      ...Array.from({ length: 30 }, (_, i) => `line ${i + 1}`),
      '[… 900 lines (12 KiB) held back …]',
      'line 931',
      'held back: stdout lines 33–932 (12 KiB); output call-3 keeps all of it (935 lines)',
    ].join('\n');
    const reference = buildReference(input({ content, tool: 'run_command', readOnly: false }));
    expect(lineOf(reference, 'first line')).toBe('line 1');
    expect(lineOf(reference, 'last line')).toBe('… line 931');
    const cutInput = page(50, 'closing line');
    const marked = buildReference(input({ content: cutInput, cutsAt: [1, 50] }));
    expect(lineOf(marked, 'first line')).toBe('1\t# overview …');
    expect(lineOf(marked, 'last line')).toBe('50\tclosing line …');
  });

  it('states a numeric exit status even after a time limit, and a signal as the exit status without one', () => {
    const frames = (status: string, ...rest: string[]): string =>
      [
        `exit status: ${status}`,
        'stdout:',
        ...Array.from({ length: 30 }, (_, i) => `polling the ledger queue, round ${i + 1}`),
        ...rest,
      ].join('\n');
    const status = (content: string): string | undefined =>
      buildReference(input({ content, tool: 'run_command', readOnly: false }))
        ?.split('\n')[0]
        ?.match(/at 14:05:12, (.*), \d+ lines,/)?.[1];
    // A command that caught the stop signal and exited on its own, after its time limit.
    expect(status(frames('143', '[timed out after 30 s]'))).toBe('exit status 143');
    expect(status(frames('none (killed by SIGKILL)'))).toBe('exit status none (killed by SIGKILL)');
    expect(status(frames('none (killed by SIGKILL)', 'retry 3 [timed out after 5 s]'))).toBe(
      'exit status none (killed by SIGKILL)',
    );
    expect(status(frames('none (killed by SIGTERM)', '[timed out after 30 s]'))).toBe('timed out');
    // A status that only starts or ends with a number is not a number: the time limit is what it says.
    expect(status(frames('137 (killed)', '[timed out after 30 s]'))).toBe('timed out');
    expect(status(frames('killed by signal 9', '[timed out after 30 s]'))).toBe('timed out');
  });

  it('shows a short line read_file cut as cut, its [line cut] note replaced by the mark', () => {
    const content = `1\tthe header of a wide table [line cut]\n${page(40, 'closing line')
      .split('\n')
      .slice(1)
      .join('\n')}`;
    const reference = buildReference(input({ content }));
    expect(lineOf(reference, 'first line')).toBe('1\tthe header of a wide table …');
  });

  it('fits a one-line output with long arguments within its 640 bytes, giving up its only line', () => {
    const content = ['exit status: 0', 'stdout:', `ok ${'·'.repeat(2000)}`].join('\n');
    const command = '世'.repeat(400);
    const reference = buildReference(
      input({ content, tool: 'run_command', readOnly: false, arguments: { command } }),
    );
    expect(reference).not.toBeNull();
    expect(bytes(reference ?? '')).toBeLessThanOrEqual(640);
    expect(lineOf(reference, 'last line')).toBeUndefined();
    expect(lineOf(reference, 'first line')).toBeUndefined();
    expect(lineOf(reference, 'arguments')).toMatch(/^\{"command":"世+…$/);
  });

  it('shows a line read_file cut at the page as cut, without its [line cut] note, and no last line beside it', () => {
    const content = `1\t${'y'.repeat(4070)} [line cut]\n[more from offset 2]`;
    const reference = buildReference(input({ content }));
    expect(lineOf(reference, 'first line')).toBe(`1\t${'y'.repeat(95)}…`);
    expect(lineOf(reference, 'last line')).toBeUndefined();
    expect(lineOf(reference, 'paging')).toBe('more from offset 2');
  });

  it('keeps a long line next to a cut within 100 characters, its … marks included', () => {
    const long = 'z'.repeat(300);
    const content = [
      'exit status: 0',
      'stdout:',
      long,
      ...Array.from({ length: 20 }, (_, i) => `line ${i + 2}`),
      '[… 900 lines (12 KiB) held back …]',
      long,
    ].join('\n');
    const reference = buildReference(input({ content, tool: 'run_command', readOnly: false, cutsAt: [3] }));
    const first = lineOf(reference, 'first line') ?? '';
    const last = lineOf(reference, 'last line') ?? '';
    expect(first).toBe(`${'z'.repeat(97)}…`);
    expect(last).toBe(`… ${'z'.repeat(97)}…`);
    expect(Array.from(last)).toHaveLength(100);
  });

  it('takes blank and whitespace-only lines as no content', () => {
    const content = [
      'exit status: 0',
      'stdout:',
      '   ',
      '',
      ...Array.from({ length: 30 }, (_, i) => `migrating table ${i + 1} of the ledger`),
      '\t',
      '',
    ].join('\n');
    const reference = buildReference(input({ content, tool: 'run_command', readOnly: false }));
    expect(lineOf(reference, 'first line')).toBe('migrating table 1 of the ledger');
    expect(lineOf(reference, 'last line')).toBe('migrating table 30 of the ledger');
  });

  it('has no first or last line for an output with no content, and only a first line for one line of it', () => {
    const blank = ['exit status: 0', 'stdout:', ...Array.from({ length: 300 }, () => '   ')].join('\n');
    expect(buildReference(input({ content: blank, tool: 'run_command', readOnly: false }))).toBe(
      [
        `[output of entry 7 not repeated: run_command at 14:05:12, exit status 0, 302 lines, ${bytes(blank)} bytes; not repeated; do not run it again to see it]`,
        'arguments: {"path":"docs/overview.md"}',
      ].join('\n'),
    );
    const one = ['exit status: 0', 'stdout:', `${'word '.repeat(200)}`].join('\n');
    const reference = buildReference(input({ content: one, tool: 'run_command', readOnly: false }));
    expect(lineOf(reference, 'first line')).toBe(`${'word '.repeat(20).slice(0, 99)}…`);
    expect(reference?.split('\n')).toHaveLength(3);
  });

  it('shows a line that only ends in a number and a tab as it is, not as a blank numbered line', () => {
    const content = [
      'exit status: 0',
      'stdout:',
      ...Array.from({ length: 30 }, (_, i) => `worker-${i + 1}\t${i}\tready`),
      'worker-31\t7\t',
    ].join('\n');
    const reference = buildReference(input({ content, tool: 'run_command', readOnly: false }));
    expect(lineOf(reference, 'last line')).toBe('worker-31\t7\t');
  });

  it('never exceeds 640 bytes, giving up the last line first, then the first', () => {
    const wide = 'ü'.repeat(300);
    const content = Array.from({ length: 200 }, (_, i) => `${i + 1}\t${wide}`).join('\n');
    const reference = buildReference(input({ content, arguments: { path: wide, note: wide } }));
    expect(reference).not.toBeNull();
    expect(bytes(reference!)).toBeLessThanOrEqual(640);
    expect(reference!.split('\n')[0]).toMatch(
      /^\[output of entry 7 not repeated: read_file at 14:05:12, ok, 200 lines/,
    );
    const args = lineOf(reference, 'arguments') ?? '';
    expect(Array.from(args).length).toBeLessThanOrEqual(200);
    expect(args.endsWith('…')).toBe(true);
    expect(lineOf(reference, 'last line')).toBeUndefined();
  });

  it('keeps the arguments to 200 characters', () => {
    const content = page(80, 'end');
    const reference = buildReference(input({ content, arguments: { path: 'a'.repeat(400) } }));
    const args = lineOf(reference, 'arguments') ?? '';
    expect(Array.from(args)).toHaveLength(200);
    expect(args.startsWith('{"path":"aaa')).toBe(true);
    expect(bytes(reference!)).toBeLessThanOrEqual(640);
  });

  it('returns null when the output is no longer than its reference', () => {
    expect(buildReference(input({ content: '1\tshort file\n[end of file]' }))).toBeNull();
    expect(buildReference(input({ content: 'error: no such file', readOnly: true }))).toBeNull();
    expect(buildReference(input({ content: '' }))).toBeNull();
  });
});
