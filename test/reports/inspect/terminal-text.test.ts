/**
 * Text from a scenario or a model printed by `inspect` reaches a terminal even through a pipe
 * (`inspect ... | less -R`, a CI log viewer): its escape sequences must arrive as visible text, never
 * as a window title, colours or cursor moves.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalText } from '../../../reports/inspect/format.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main, unexpectedFailure } from '../../../runners/cli/main.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-terminal-'));
  await writeFile(
    join(dir, 'hostile.yaml'),
    [
      'name: hostile',
      'description: A prompt that carries terminal escape sequences.',
      'steps:',
      '  - say: "Title \\e]0;owned\\a then \\e[31mred\\e[0m and a bell \\a and \\r back, \\u202E reversed"',
      '  - ask: What did I say?',
      '    id: said',
      '    expect: { any: [Title] }',
      '',
    ].join('\n'),
  );
  const io = bufferIO();
  const status = await main(
    [
      'run',
      '--scenario',
      join(dir, 'hostile.yaml'),
      '--strategy',
      'cutting',
      '--model',
      'scripted',
      '--out',
      join(dir, 'out'),
    ],
    io,
  );
  expect(io.stderr.join('\n')).toBe('');
  expect(status).toBe(0);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('terminalText', () => {
  it('writes control characters and bidirectional overrides as visible escapes', () => {
    expect(terminalText('a\x1b]0;t\x07b\r\u009bc\u202ed\te')).toBe('a\\x1b]0;t\\x07b\\x0d\\x9bc\\u202ed\te');
  });

  it('leaves ordinary text, accents and symbols alone', () => {
    expect(terminalText('Zoë — naïve ✓ | <b>')).toBe('Zoë — naïve ✓ | <b>');
  });
});

describe('error lines', () => {
  it('print the text of a failure with its escape sequences made visible', () => {
    const line = unexpectedFailure(new TypeError('server said \x1b]0;owned\x07'), false);
    expect(line).toContain('server said \\x1b]0;owned\\x07');
    expect(line).not.toContain('\x1b');
  });
});

describe('inspect --full on text with escape sequences, into a pipe', () => {
  for (const extra of [['--turn', '1', '--full'], ['--turn', '2', '--full'], []]) {
    it(`prints them escaped (${extra.join(' ') || 'the changes'})`, async () => {
      const io = bufferIO();
      expect(await main(['inspect', join(dir, 'out'), ...extra], io)).toBe(0);
      const printed = io.stdout.join('\n');
      // eslint-disable-next-line no-control-regex -- the test is that none is printed
      expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      if (extra.length > 0) expect(printed).toContain('\\x1b]0;owned\\x07');
    });
  }
});
