/**
 * A run folder whose files were damaged after the run: `inspect` refuses it as bad input (exit 2)
 * with one line naming the file and the line, never as an unexpected failure.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wispEval } from './cli.js';

let dir: string;
let runDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-corrupt-'));
  const made = await wispEval([
    'run',
    '--scenario',
    'showing',
    '--strategy',
    'cutting',
    '--model',
    'scripted',
    '--out',
    join(dir, 'out'),
  ]);
  expect(made.exitCode).toBe(0);
  const [run] = await readdir(join(dir, 'out', 'runs'));
  runDir = join(dir, 'out', 'runs', run ?? '');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Replaces line `line` (from 1) of a run file, runs `inspect --turn 1`, and puts the file back. */
async function inspectWith(file: string, line: number, text: string) {
  const path = join(runDir, file);
  const original = await readFile(path, 'utf8');
  const lines = original.split('\n');
  lines[line - 1] = text;
  await writeFile(path, lines.join('\n'));
  try {
    return await wispEval(['inspect', join(dir, 'out'), '--turn', '1']);
  } finally {
    await writeFile(path, original);
  }
}

describe('inspect on a damaged run folder', () => {
  it('names requests.jsonl and the line that is not JSON, and exits 2', async () => {
    const result = await inspectWith('requests.jsonl', 2, '{"call": 2, "kind": "respond"');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `wisp-eval: ${join(runDir, 'requests.jsonl')}: line 2: not a JSON object (${result.stderr.split('(')[1]}`,
    );
    expect(result.stderr).toMatch(/requests\.jsonl: line 2: not a JSON object \(/);
  }, 120_000);

  it('names a line that points at a message messages.jsonl lacks', async () => {
    const result = await inspectWith(
      'requests.jsonl',
      1,
      '{"call":1,"kind":"respond","request":{"messages":[99999]}}',
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `wisp-eval: ${join(runDir, 'requests.jsonl')}: line 1: names 99999, which messages.jsonl lacks`,
    );
  }, 120_000);

  it('names audit.jsonl and its line when an event is not an object', async () => {
    const result = await inspectWith('audit.jsonl', 3, '[1, 2]');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^wisp-eval: .*audit\.jsonl: line 3: not /);
  }, 120_000);

  it('reads the folder again once the files are whole', async () => {
    const result = await wispEval(['inspect', join(dir, 'out'), '--turn', '1']);
    expect(result.exitCode).toBe(0);
  }, 120_000);
});
