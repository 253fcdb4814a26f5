/**
 * `snapshots check` and `record` through `main()`, in a temporary folder with its own snapshots/
 * (the command reads `snapshots/` under the folder it runs in) and a two-step scenario file.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { overridesDigest } from '../../../runners/gate/manifest.js';

const home = process.cwd();
let dir: string;
const DROPPING = 'tiny.dropping.reader.w8192.r0.snap';
const runs = [
  { scenario: 'tiny.yaml', strategy: 'dropping', model: 'reader', window: 8192, why: 'the baseline' },
  {
    scenario: 'tiny.yaml',
    strategy: 'target',
    set: { 'context.target': 0.5, 'context.budget': 0.7 },
    model: 'reader',
    window: 8192,
    why: 'a lower target',
  },
];

async function writeManifest(manifest: unknown): Promise<void> {
  await writeFile(join(dir, 'snapshots', 'manifest.json'), JSON.stringify(manifest, null, 2));
}

async function cli(...argv: string[]) {
  const io = bufferIO();
  const status = await main(['snapshots', ...argv], io);
  return { status, out: io.stdout.join('\n'), err: io.stderr.join('\n'), stderr: io.stderr };
}

/** Checks the dropping run with its recorded snapshot edited from `from` to `to`, then restores it. */
async function checkEdited(from: string, to: string) {
  const path = join(dir, 'snapshots', DROPPING);
  const good = await readFile(path, 'utf8');
  await writeFile(path, good.replace(from, to));
  try {
    return await cli('check', '--strategy', 'dropping');
  } finally {
    await writeFile(path, good);
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-snapshots-'));
  await mkdirSnapshots();
  process.chdir(dir);
});

async function mkdirSnapshots(): Promise<void> {
  await mkdir(join(dir, 'snapshots'));
  await writeFile(
    join(dir, 'snapshots', 'tiny.yaml'),
    'name: tiny\ndescription: two steps\nsteps:\n  - say: The sky is green today.\n  - ask: What colour is the sky today?\n    id: sky\n    expect: { any: [green] }\n',
  );
}

beforeEach(async () => {
  await writeManifest({ version: 1, runs });
});

afterAll(async () => {
  process.chdir(home);
  await rm(dir, { recursive: true, force: true });
});

describe('snapshots record and check', () => {
  it('records each run into <run-id>.snap, and check then finds them all equal', async () => {
    const recorded = await cli('record');
    expect(recorded.status).toBe(0);
    const setId = `tiny.target.reader.w8192.r0.set-${overridesDigest({ 'context.budget': 0.7, 'context.target': 0.5 })}`;
    expect(recorded.out).toContain(`snapshots/${DROPPING}: new (`);
    expect(recorded.out).toContain(`snapshots/${setId}.snap: new (`);
    expect((await readdir(join(dir, 'snapshots'))).filter((f) => f.endsWith('.snap'))).toHaveLength(2);
    expect((await cli('record')).out).toContain(`snapshots/${DROPPING}: unchanged`);
    const checked = await cli('check');
    expect(checked.status).toBe(0);
    expect(checked.out).toMatch(/^snapshots: 2 runs, \d+ model calls, \d+ events: all match$/);
  });

  it('fails on drift, naming the run, the first differing call and message, with a diff', async () => {
    const checked = await checkEdited('| The sky is green today.', '| The sky is blue today.');
    expect(checked.status).toBe(1);
    expect(checked.out).toContain(`tiny.dropping.reader.w8192.r0: differs from snapshots/${DROPPING}`);
    expect(checked.out).toContain('first difference: call 1 (turn 1, turn), message 1 (user)');
    expect(checked.out).toContain('-| The sky is blue today.\n+| The sky is green today.');
    expect(checked.out).toMatch(
      /1 differs\nIf the change is meant to alter what the model receives, run `wisp-eval snapshots record`/,
    );
  });

  it('reports a missing snapshot and a stale one with exit 1 and the hint to record; record removes the stale one', async () => {
    const path = join(dir, 'snapshots', DROPPING);
    const good = await readFile(path, 'utf8');
    await unlink(path);
    await writeFile(join(dir, 'snapshots', 'old.snap'), 'wisp-eval snapshot\nversion: 1\n');
    const checked = await cli('check');
    expect(checked.status).toBe(1);
    expect(checked.out).toMatch(
      /tiny\.dropping\.reader\.w8192\.r0: missing: .*; run `wisp-eval snapshots record`/,
    );
    expect(checked.out).toMatch(
      /snapshots\/old\.snap: stale: .*run `wisp-eval snapshots record` to remove it/,
    );
    const recorded = await cli('record');
    expect(recorded.out).toContain('snapshots/old.snap: removed');
    expect(existsSync(join(dir, 'snapshots', 'old.snap'))).toBe(false);
    expect(await readFile(path, 'utf8')).toBe(good);
  });

  it('asks to re-record a snapshot in another format version', async () => {
    const checked = await checkEdited('version: 1', 'version: 2');
    expect(checked.status).toBe(1);
    expect(checked.out).toMatch(
      /is in snapshot format version 2, and this wisp-eval reads version 1; re-record it/,
    );
  });

  it('refuses a snapshot whose recorded answers do not read, naming the file and the line, exit 2', async () => {
    const good = await readFile(join(dir, 'snapshots', DROPPING), 'utf8');
    const line = good.split('\n').findIndex((text) => text.startsWith('usage: {"promptTokens":')) + 1;
    expect(line).toBeGreaterThan(0);
    const wrongType = await checkEdited('usage: {"promptTokens":', 'usage: {"promptTokens":"many","was":');
    expect(wrongType.status).toBe(2);
    expect(wrongType.stderr).toEqual([
      `wisp-eval: snapshots/${DROPPING}: line ${line}: its usage line does not read (promptTokens: Invalid input: expected number, received string)`,
    ]);
    expect(wrongType.out).toBe('');
    const cut = await checkEdited('usage: {"promptTokens":', 'usage: {"promptTokens');
    expect(cut.status).toBe(2);
    expect(cut.stderr).toEqual([
      `wisp-eval: snapshots/${DROPPING}: line ${line}: its usage line is not JSON`,
    ]);
  });

  it('records into another folder with --out, leaving snapshots/ alone', async () => {
    const out = join(dir, 'elsewhere');
    const recorded = await cli('record', '--scenario', 'tiny', '--strategy', 'dropping', '--out', out);
    expect(recorded.status).toBe(0);
    expect(await readdir(out)).toEqual([DROPPING]);
    expect(await readFile(join(out, DROPPING), 'utf8')).toBe(
      await readFile(join(dir, 'snapshots', DROPPING), 'utf8'),
    );
  });
});

describe('bad manifests and filters: exit 2, one line naming the file and the field', () => {
  it.each([
    ['a wrong version', { version: 2, runs }, /^wisp-eval: snapshots\/manifest\.json: version: /],
    [
      'an unknown field',
      { version: 1, runs: [{ ...runs[0], colour: 'blue' }] },
      /^wisp-eval: snapshots\/manifest\.json: runs\[0\]: unknown key 'colour'/,
    ],
    [
      'an unknown strategy',
      { version: 1, runs: [{ ...runs[0], strategy: 'nope' }] },
      /^wisp-eval: snapshots\/manifest\.json: runs\[0\]\.strategy: unknown strategy "nope"/,
    ],
    [
      'an unknown setting',
      { version: 1, runs: [{ ...runs[0], set: { 'context.nope': 1 } }] },
      /^wisp-eval: snapshots\/manifest\.json: runs\[0\]\.set: .*unknown setting "context\.nope"/,
    ],
    [
      'a missing window',
      { version: 1, runs: [{ ...runs[0], window: undefined }] },
      /^wisp-eval: snapshots\/manifest\.json: runs\[0\]\.window: missing/,
    ],
    [
      'two runs into one file',
      { version: 1, runs: [runs[0], { ...runs[0], why: 'again' }] },
      /^wisp-eval: snapshots\/manifest\.json: runs\[1\]: records into tiny\.dropping\.reader\.w8192\.r0\.snap, as runs\[0\] does/,
    ],
  ])('refuses %s', async (_name, manifest, message) => {
    await writeManifest(manifest);
    const checked = await cli('check');
    expect(checked.status).toBe(2);
    expect(checked.stderr).toHaveLength(1);
    expect(checked.err).toMatch(message);
    expect(checked.out).toBe('');
  });

  it('refuses a filter that chooses nothing, and --against without diff', async () => {
    const unknown = await cli('check', '--scenario', 'codename');
    expect(unknown.status).toBe(2);
    expect(unknown.err).toMatch(
      /--scenario codename: no run in snapshots\/manifest\.json has it; its scenarios are tiny\.yaml/,
    );
    const none = await cli('record', '--scenario', 'tiny', '--strategy', 'failfast');
    expect(none.status).toBe(2);
    const against = await cli('check', '--against', 'HEAD');
    expect(against.status).toBe(2);
    expect(against.err).toBe('wisp-eval: --against goes with snapshots diff');
  });

  it('gives the same id to the same overrides written in another order', () => {
    expect(overridesDigest({ 'context.target': 0.5, 'context.budget': 0.7 })).toBe(
      overridesDigest({ 'context.budget': 0.7, 'context.target': 0.5 }),
    );
    expect(overridesDigest({ 'context.target': 0.5 })).not.toBe(overridesDigest({ 'context.target': 0.6 }));
  });
});
