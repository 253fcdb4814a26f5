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

/** Replaces `file` of the run folder with what `damage` makes of it, runs `html`, puts it back. */
async function htmlWith(file: string, damage: (text: string) => string) {
  const path = join(runDir, file);
  const original = await readFile(path, 'utf8');
  await writeFile(path, damage(original));
  try {
    return await wispEval(['html', join(dir, 'out')]);
  } finally {
    await writeFile(path, original);
  }
}

describe('html on a damaged run folder', () => {
  const runId = () => runDir.split('/').pop() ?? '';

  it('writes the page, names the run, requests.jsonl and the line on stderr, and exits 2', async () => {
    const result = await htmlWith('requests.jsonl', (text) => {
      const lines = text.split('\n');
      lines[1] = '{"call": 2, "kind"';
      return lines.join('\n');
    });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toContain('report.html');
    expect(result.stderr).toMatch(
      new RegExp(`^wisp-eval: html: run ${runId().replace(/\./g, '\\.')} is shown without its chart`),
    );
    expect(result.stderr).toContain(`${join(runDir, 'requests.jsonl')}: line 2: not a JSON object`);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('names store.json when it was cut short', async () => {
    const result = await htmlWith('store.json', (text) => text.slice(0, Math.floor(text.length / 2)));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`${join(runDir, 'store.json')}: not JSON`);
  }, 120_000);

  it('names messages.jsonl when a line is not an object', async () => {
    const result = await htmlWith('messages.jsonl', (text) => `42\n${text}`);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('messages.jsonl');
  }, 120_000);

  it('exits 0 with nothing on stderr once the files are whole', async () => {
    const result = await wispEval(['html', join(dir, 'out')]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  }, 120_000);
});
