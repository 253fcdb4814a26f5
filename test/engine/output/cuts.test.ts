import { describe, expect, it } from 'vitest';
import { applyCuts, findCuts, type TurnOutput } from '../../../engine/output/cuts.js';
import { cutMarker } from '../../../engine/protocol.js';

/** The reply text a cut's byte range covers. */
function cutText(reply: string, cut: { start: number; end: number }): string {
  return Buffer.from(reply, 'utf8').subarray(cut.start, cut.end).toString('utf8');
}

const overview: TurnOutput = {
  entryId: 7,
  tool: 'read_file',
  content: [
    '1\t# harbour sync',
    '2\t',
    '3\tHarbour sync copies the ledger between the two offices every night at two.',
    '4\tIt retries three times, then writes a note to the operations channel.',
    '5\tThe schedule lives in config/schedule.yaml and is read once at start.',
    '[end of file]',
  ].join('\n'),
};

const fileBody = [
  'Harbour sync copies the ledger between the two offices every night at two.',
  'It retries three times, then writes a note to the operations channel.',
  'The schedule lives in config/schedule.yaml and is read once at start.',
];

const pods: TurnOutput = {
  entryId: 12,
  tool: 'run_command',
  content: [
    'exit status: 0',
    'stdout:',
    'NAME       STATUS     RESTARTS',
    'web-1      Running    0',
    'web-2      Running    1',
    'worker-1   Pending    0',
    'worker-2   Running    4',
    'cron-1     Completed  0',
    'cache-1    Running    2',
    'db-1       Running    0',
    'proxy-1    Failed     7',
  ].join('\n'),
};

const podRows = [
  ['web-1', 'Running', '0'],
  ['web-2', 'Running', '1'],
  ['worker-1', 'Pending', '0'],
  ['worker-2', 'Running', '4'],
  ['cron-1', 'Completed', '0'],
  ['cache-1', 'Running', '2'],
  ['db-1', 'Running', '0'],
  ['proxy-1', 'Failed', '7'],
];

const testLog: TurnOutput = {
  entryId: 3,
  tool: 'run_command',
  content: [
    'exit status: 1',
    'stdout:',
    'running 6 tests from the ledger suite',
    'ok   ledger copies entries between offices',
    'ok   ledger keeps the order of entries',
    'FAIL ledger retries after a dropped connection',
    'ok   ledger writes a note when retries run out',
    'ok   schedule reads config at start',
    'ok   schedule ignores unknown keys',
    '5 passed, 1 failed',
  ].join('\n'),
};
const logLines = testLog.content.split('\n').slice(2);

describe('findCuts: what is cut', () => {
  it('cuts a whole file retyped, from its first retyped block to its last', () => {
    const reply = ['Here is the file:', '', '# harbour sync', '', ...fileBody, '', 'Anything else?'].join(
      '\n',
    );
    const cuts = findCuts(reply, [overview]);
    expect(cuts).toHaveLength(1);
    const cut = cuts[0]!;
    expect(cut).toMatchObject({ entryId: 7, tool: 'read_file', coverage: 1 });
    expect(cut.words).toBeGreaterThanOrEqual(24);
    expect(cutText(reply, cut)).toBe(['# harbour sync', '', ...fileBody].join('\n'));
    expect(applyCuts(reply, cuts)).toBe(
      'Here is the file:\n\n(showed the person the read_file output, entry 7)\n\nAnything else?',
    );
  });

  it('cuts a file retyped in a fence of a reply whose lines end in CR LF, leaving its line ends', () => {
    const reply = ['Here is the file:', '```', ...fileBody, '```', 'Anything else?'].join('\r\n');
    const cuts = findCuts(reply, [overview]);
    expect(cuts).toHaveLength(1);
    expect(cutText(reply, cuts[0]!)).toBe(['```', ...fileBody, '```'].join('\r\n'));
    expect(applyCuts(reply, cuts)).toBe(
      'Here is the file:\r\n(showed the person the read_file output, entry 7)\r\nAnything else?',
    );
  });

  it("cuts a command's output retyped as a Markdown table, row for row", () => {
    const table = [
      '| NAME | STATUS | RESTARTS |',
      '|------|:------:|---------:|',
      ...podRows.map((row) => `| ${row.join(' | ')} |`),
    ];
    const reply = ['The pods right now:', ...table, '', 'proxy-1 keeps failing.'].join('\n');
    const cuts = findCuts(reply, [pods]);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ entryId: 12, tool: 'run_command', words: 24 });
    expect(cutText(reply, cuts[0]!)).toBe(table.join('\n'));
    expect(applyCuts(reply, cuts)).toBe(
      'The pods right now:\n(showed the person the run_command output, entry 12)\n\nproxy-1 keeps failing.',
    );
  });

  it('cuts a fenced copy together with its fence lines', () => {
    const fenced = ['```text', ...logLines, '```'];
    const reply = ['The tests ran:', '', ...fenced, '', 'One test fails.'].join('\n');
    const cuts = findCuts(reply, [testLog]);
    expect(cuts).toHaveLength(1);
    expect(cutText(reply, cuts[0]!)).toBe(fenced.join('\n'));
    expect(applyCuts(reply, cuts)).toBe(
      'The tests ran:\n\n(showed the person the run_command output, entry 3)\n\nOne test fails.',
    );
  });

  it('makes one stretch of two consecutive paragraphs that reproduce the same output', () => {
    const reply = [...logLines.slice(0, 4), '', ...logLines.slice(4), '', 'Done.'].join('\n');
    const cuts = findCuts(reply, [testLog]);
    expect(cuts).toHaveLength(1);
    expect(cutText(reply, cuts[0]!)).toBe([...logLines.slice(0, 4), '', ...logLines.slice(4)].join('\n'));
    expect(cuts[0]!.coverage).toBe(1);
    expect(applyCuts(reply, cuts)).toBe('(showed the person the run_command output, entry 3)\n\nDone.');
  });

  it('gives byte offsets in UTF-8 and normalises whitespace and line numbers', () => {
    const numbered = [
      '1\t# harbour sync',
      ...fileBody.map((line, i) => `${i + 3}\t  ${line.replace(/ /g, '   ')}`),
    ];
    const reply = ['Voilà — le fichier 📄 :', '', '```', ...numbered, '```'].join('\n');
    const cuts = findCuts(reply, [overview]);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]!.start).toBe(Buffer.byteLength('Voilà — le fichier 📄 :\n\n'));
    expect(cuts[0]!.end).toBe(Buffer.byteLength(reply));
    expect(applyCuts(reply, cuts)).toBe('Voilà — le fichier 📄 :\n\n' + cutMarker(cuts[0]!));
  });
});

describe('findCuts: how copies are matched', () => {
  it('cuts a copy of the second of two outputs, and keeps the paragraph after it', () => {
    const reply = ['```', ...logLines, '```', 'One test fails.'].join('\n');
    const cuts = findCuts(reply, [overview, testLog]);
    expect(cuts).toEqual([
      {
        start: 0,
        end: Buffer.byteLength(['```', ...logLines, '```'].join('\n')),
        entryId: 3,
        tool: 'run_command',
        words: 51,
        coverage: 1,
      },
    ]);
    expect(applyCuts(reply, cuts)).toBe(
      '(showed the person the run_command output, entry 3)\nOne test fails.',
    );
  });

  it("reads read_file's line numbers of any width, and a retyped row's tabs as spaces", () => {
    const rows = Array.from({ length: 12 }, (_, i) => `A${i + 11}\tready\tcopied between offices at two`);
    const tsv: TurnOutput = {
      entryId: 4,
      tool: 'read_file',
      content: [...rows.map((row, i) => `${i + 1}\t${row}`), '[end of file]'].join('\n'),
    };
    const cuts = findCuts(['```', ...rows, '```'].join('\n'), [tsv]);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ entryId: 4, words: 84, coverage: 1 });
  });

  it("takes only read_file's line numbers as formatting: a command's listing with other sizes stays", () => {
    const sizes = [4096, 812, 20480, 1536, 96, 7168, 2048, 512, 30720, 1024, 640, 8192];
    const listing = (scale: number) => sizes.map((size, i) => `${size * scale}\t./ledger/part-${i + 1}`);
    const du: TurnOutput = {
      entryId: 5,
      tool: 'run_command',
      content: ['exit status: 0', 'stdout:', ...listing(1)].join('\n'),
    };
    expect(findCuts(['```', ...listing(1), '```'].join('\n'), [du])).toHaveLength(1);
    expect(findCuts(['```', ...listing(2), '```'].join('\n'), [du])).toEqual([]);
  });

  it('compares a fenced copy without its blank lines, as the output is compared', () => {
    const reply = ['```', '# harbour sync', '', ...fileBody, '', '```'].join('\n');
    const cuts = findCuts(reply, [overview]);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ start: 0, end: Buffer.byteLength(reply), coverage: 1 });
  });

  it('ends a stretch at a block with nothing to compare, such as an empty code block', () => {
    const first = logLines.slice(0, 4);
    const second = logLines.slice(4);
    const reply = [...first, '', '```', '```', '', ...second].join('\n');
    const cuts = findCuts(reply, [testLog]);
    expect(cuts.map((cut) => cutText(reply, cut))).toEqual([first.join('\n'), second.join('\n')]);
    expect(cuts.map((cut) => cut.words)).toEqual([27, 24]);
    expect(applyCuts(reply, cuts)).toBe(`${cutMarker(cuts[0]!)}\n\n\`\`\`\n\`\`\`\n\n${cutMarker(cuts[0]!)}`);
  });

  it('measures coverage matching the blocks in reply order, so a repeated line counts where it was retyped', () => {
    const connect = 'connecting to the ledger at harbour-db on port 5432 now';
    const dropped = 'connection dropped after twelve seconds, retrying';
    const done = 'connected; copied 1,204 entries between the offices';
    const log: TurnOutput = {
      entryId: 8,
      tool: 'run_command',
      content: ['exit status: 0', 'stdout:', connect, dropped, connect, dropped, connect, done].join('\n'),
    };
    const reply = [connect, dropped, '', connect, dropped, '', connect, done].join('\n');
    const cuts = findCuts(reply, [log]);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ start: 0, end: Buffer.byteLength(reply), coverage: 1 });
    // The first paragraph alone is a third of the output.
    const part = findCuts([connect, dropped, connect, dropped].join('\n'), [log]);
    expect(part[0]?.coverage).toBe(4 / 6);
  });

  it('counts a line retyped once in one paragraph and again in the next as two lines of the output', () => {
    const retry = 'connection to harbour-db dropped, retrying in five seconds as configured';
    const log: TurnOutput = {
      entryId: 9,
      tool: 'run_command',
      content: ['exit status: 1', 'stdout:', retry, retry, retry, 'gave up after three attempts'].join('\n'),
    };
    const cuts = findCuts([retry, '', retry, retry].join('\n'), [log]);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ words: 30, coverage: 3 / 4 });
  });
});

describe('findCuts: what stays', () => {
  it('keeps a match under 24 words', () => {
    const reply = ['```', ...logLines.slice(0, 3), '```'].join('\n');
    expect(findCuts(reply, [testLog])).toEqual([]);
  });

  it('keeps a summary that quotes one line', () => {
    const reply = [
      'Five of the six tests pass. The one that fails is the retry test:',
      '',
      'FAIL ledger retries after a dropped connection',
      '',
      'so the retry logic is the place to look, probably the backoff after the first dropped connection.',
    ].join('\n');
    expect(findCuts(reply, [testLog])).toEqual([]);
  });

  it("keeps analysis in the model's own words", () => {
    const reply =
      'The suite has six tests and only the retry test fails. Copying between offices, ordering, the ' +
      'note after the retries run out and both schedule tests pass, so the failure is confined to how a ' +
      'dropped connection is retried.';
    expect(findCuts(reply, [testLog])).toEqual([]);
  });

  it('keeps code the model wrote', () => {
    const reply = [
      'A fix for the retry:',
      '',
      '```ts',
      'export async function withRetry<T>(attempts: number, action: () => Promise<T>): Promise<T> {',
      '  for (let attempt = 1; ; attempt++) {',
      '    try { return await action(); } catch (error) { if (attempt >= attempts) throw error; }',
      '    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));',
      '  }',
      '}',
      '```',
    ].join('\n');
    expect(findCuts(reply, [testLog, overview])).toEqual([]);
  });

  it("keeps a table that reorders the output's columns", () => {
    const reply = [
      '| STATUS | NAME | RESTARTS |',
      '|---|---|---|',
      ...podRows.map(([name, status, restarts]) => `| ${status} | ${name} | ${restarts} |`),
    ].join('\n');
    expect(findCuts(reply, [pods])).toEqual([]);
  });

  it('keeps a copy with one value changed', () => {
    const changed = logLines.map((line) => (line === '5 passed, 1 failed' ? '6 passed, 0 failed' : line));
    const reply = ['```', ...changed, '```'].join('\n');
    expect(findCuts(reply, [testLog])).toEqual([]);
  });

  it('keeps a copy with a line added', () => {
    const added = [...logLines.slice(0, 3), 'ok   ledger survives a restart', ...logLines.slice(3)];
    const reply = ['```', ...added, '```'].join('\n');
    expect(findCuts(reply, [testLog])).toEqual([]);
  });

  it('keeps a copy whose lines are reordered', () => {
    const reply = ['```', ...[...logLines].reverse(), '```'].join('\n');
    expect(findCuts(reply, [testLog])).toEqual([]);
  });

  it('does not take trailers or frames as something a reply could retype', () => {
    const reply = ['```', 'exit status: 1', 'stdout:', ...logLines.slice(0, 2), '```'].join('\n');
    expect(findCuts(reply, [testLog])).toEqual([]);
  });
});

describe('applyCuts', () => {
  it('leaves a reply without cuts as it is, and skips overlapping cuts', () => {
    expect(applyCuts('nothing to cut', [])).toBe('nothing to cut');
    const cut = { start: 0, end: 4, entryId: 1, tool: 'read_file', words: 30, coverage: 1 };
    expect(applyCuts('abcdefgh', [cut, { ...cut, start: 2, end: 6 }])).toBe(`${cutMarker(cut)}efgh`);
  });

  it('applies cuts in reply order whatever their order, and skips one that does not fit the reply', () => {
    const cut = { start: 0, end: 2, entryId: 1, tool: 'read_file', words: 30, coverage: 1 };
    const later = { ...cut, start: 4, end: 6, entryId: 2 };
    expect(applyCuts('abcdefgh', [later, cut])).toBe(`${cutMarker(cut)}cd${cutMarker(later)}gh`);
    expect(applyCuts('abcdefgh', [{ ...cut, start: 5, end: 3 }])).toBe('abcdefgh');
    expect(applyCuts('abcdefgh', [{ ...cut, start: 6, end: 9 }])).toBe('abcdefgh');
    expect(applyCuts('abcdefgh', [{ ...cut, start: 6, end: 8 }])).toBe(`abcdef${cutMarker(cut)}`);
  });
});
