import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallsFileError } from '../../records/errors.js';
import { loadRunFiles, readRunRecords } from '../../records/read-run-files.js';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';

let root: string;
let results: string;
let runId: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wisp-run-schemas-'));
  await writeFile(
    join(root, 'tiny.yaml'),
    'name: tiny\ndescription: two steps\nsteps:\n  - say: The sky is green today.\n  - ask: What colour is the sky today?\n    id: sky\n    expect: { any: [green] }\n',
  );
  results = join(root, 'results');
  const io = bufferIO();
  expect(await main(['run', '--scenario', join(root, 'tiny.yaml'), '--out', results], io)).toBe(0);
  runId = (await readdir(join(results, 'runs')))[0] ?? '';
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A copy of the results folder with one file of its run changed by `change`; gives back its path. */
async function broken(name: string, file: string, change: (text: string) => string): Promise<string> {
  const dir = join(root, name);
  await cp(results, dir, { recursive: true });
  const path = join(dir, 'runs', runId, file);
  await writeFile(path, change(await readFile(path, 'utf8')));
  return dir;
}

/** The text with line `n` (from 1) of a JSON-lines file changed by `change`. */
function onLine(n: number, change: (value: Record<string, unknown>) => void) {
  return (text: string) =>
    text
      .split('\n')
      .map((line, index) => {
        if (index !== n - 1) return line;
        const value = JSON.parse(line) as Record<string, unknown>;
        change(value);
        return JSON.stringify(value);
      })
      .join('\n');
}

/** The text of store.json with entry `n` (from 1) changed by `change`. */
function onEntry(n: number, change: (entry: Record<string, unknown>) => void) {
  return (text: string) => {
    const store = JSON.parse(text) as { entries: Record<string, unknown>[] };
    change(store.entries[n - 1]!);
    return JSON.stringify(store) + '\n';
  };
}

describe("a run's audit events, store entries and model calls read back", () => {
  it('hands on every event and entry as written, each entry with its text', async () => {
    const [record] = await readRunRecords(results);
    const files = await loadRunFiles(results, record!);
    const runDir = join(results, 'runs', runId);
    const auditText = await readFile(join(runDir, 'audit.jsonl'), 'utf8');
    expect(files.audit.map((event) => JSON.stringify(event) + '\n').join('')).toBe(auditText);
    const saved = JSON.parse(await readFile(join(runDir, 'store.json'), 'utf8')) as {
      entries: Record<string, unknown>[];
    };
    expect(files.entries.map((entry) => entry.id)).toEqual(saved.entries.map((entry) => entry['id']));
    expect(saved.entries.some((entry) => 'textFrom' in entry)).toBe(true);
    const prompt = files.entries.find((entry) => entry.kind === 'prompt');
    expect(prompt?.text).toBe('The sky is green today.');
    for (const entry of files.entries) expect(typeof entry.text).toBe('string');
  });

  const cases: [string, string, (text: string) => string, string | RegExp][] = [
    [
      'an event without a field',
      'audit.jsonl',
      onLine(2, (event) => delete event['turn']),
      'audit.jsonl: line 2: not a prompt event (turn: Invalid input: expected number, received undefined)',
    ],
    [
      'an event field of the wrong type',
      'audit.jsonl',
      onLine(2, (event) => (event['text'] = 7)),
      'audit.jsonl: line 2: not a prompt event (text: Invalid input: expected string, received number)',
    ],
    [
      'an unknown event type',
      'audit.jsonl',
      onLine(1, (event) => (event['type'] = 'session.paused')),
      'audit.jsonl: line 1: unknown audit event type "session.paused"',
    ],
    [
      'an audit log cut off in its last line',
      'audit.jsonl',
      (text) => text.slice(0, -20),
      /audit\.jsonl: line \d+: not JSON \(.*, the last line is cut off\)$/,
    ],
    [
      'an entry without a field',
      'store.json',
      onEntry(2, (entry) => delete entry['sources']),
      'store.json: entry 2: not a store entry (sources: Invalid input: expected array, received undefined)',
    ],
    [
      'an entry field of the wrong type',
      'store.json',
      onEntry(1, (entry) => (entry['droppedAfter'] = 'soon')),
      'store.json: entry 1: not a store entry (droppedAfter: Invalid input: expected number, received string)',
    ],
    [
      'an entry whose text names no event',
      'store.json',
      onEntry(2, (entry) => (entry['textFrom'] = 'evt-999')),
      'store.json: entry 2: textFrom names evt-999, which audit.jsonl lacks or holds no text for',
    ],
    ['a store cut off', 'store.json', (text) => text.slice(0, text.length / 2), 'store.json: not JSON ('],
    [
      "a call's usage of the wrong type",
      'requests.jsonl',
      onLine(1, (call) => ((call['response'] as { usage: object }).usage = { promptTokens: '967' })),
      /requests\.jsonl: line 1: not a model call \(.*promptTokens: Invalid input: expected number, received string\)$/,
    ],
    [
      'a call of no kind',
      'requests.jsonl',
      onLine(1, (call) => delete call['kind']),
      /requests\.jsonl: line 1: not a model call \(kind: /,
    ],
    [
      'a message of no role',
      'messages.jsonl',
      onLine(1, (part) => ((part['message'] as { role: string }).role = 'narrator')),
      /messages\.jsonl: line 1: not a message \(role: /,
    ],
    [
      'a part of no kind',
      'messages.jsonl',
      onLine(1, (part) => delete part['message']),
      'messages.jsonl: line 1: holds no message, tool list or answer schema',
    ],
  ];

  it.each(cases)('refuses %s in one line naming the file, exit 2', async (name, file, change, line) => {
    const dir = await broken(name.replaceAll(' ', '-'), file, change);
    const [record] = await readRunRecords(dir);
    const refusal = await loadRunFiles(dir, record!).catch((thrown: unknown) => thrown);
    expect(refusal).toBeInstanceOf(CallsFileError);
    expect((refusal as CallsFileError).message).toMatch(line);
    expect((refusal as CallsFileError).message.startsWith(join(dir, 'runs', runId, file))).toBe(true);
    for (const command of [
      ['inspect', dir],
      ['report', dir],
      ['html', dir],
      ['rescore', dir],
    ]) {
      const io = bufferIO();
      expect(await main(command, io), command[0]).toBe(2);
      expect(io.stderr).toHaveLength(1);
      expect(io.stderr[0]).toContain(join(dir, 'runs', runId, file));
      expect(io.stderr[0]).toMatch(line);
    }
  });
});
