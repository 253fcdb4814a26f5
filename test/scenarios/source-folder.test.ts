/**
 * A built-in scenario's folder is its source folder, whichever way the code runs: from the sources,
 * or compiled into dist/, where its workspace does not exist. The compiled command line runs a
 * scenario with a workspace and sends the model exactly what the sources send.
 */
import { execa } from 'execa';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../bin/compiled.js';
import { builtinScenarios } from '../../scenarios/index.js';
import { sourceFolder } from '../../scenarios/source-folder.js';

describe('sourceFolder', () => {
  it("gives a source module's own folder, ending in a separator", () => {
    const url = pathToFileURL(join(root, 'scenarios', 'codename', 'index.ts')).href;
    expect(sourceFolder(url)).toBe(join(root, 'scenarios', 'codename') + '/');
  });

  it('gives every built-in scenario, compiled, its source folder', async () => {
    const printed = await execa(
      'node',
      [
        '--input-type=module',
        '-e',
        'const { builtinScenarios } = await import(process.argv[1]);\nfor (const [name, s] of builtinScenarios) console.log(name, s.dir);',
        pathToFileURL(join(root, 'dist', 'scenarios', 'index.js')).href,
      ],
      { cwd: tmpdir() },
    );
    expect(printed.stdout.split('\n')).toEqual(
      [...builtinScenarios.keys()].map((name) => `${name} ${join(root, 'scenarios', name)}/`),
    );
  });
});

describe('the compiled command line', () => {
  let out: string;
  const args = ['run', '--scenario', 'showing', '--strategy', 'dropping', '--window', '32768', '--json'];

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'wisp-compiled-run-'));
  });

  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  // Each line of a run's log with its durations taken out: the only thing two equal runs differ in.
  async function withoutDurations(folder: string, file: string): Promise<unknown[]> {
    const [run] = await readdir(join(folder, 'runs'));
    const text = await readFile(join(folder, 'runs', run ?? '', file), 'utf8');
    return text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line, (key, value: unknown) => (key === 'durationMs' ? undefined : value)));
  }

  it('runs a built-in scenario with a workspace from outside the repository, as the sources do', async () => {
    const compiled = join(out, 'compiled');
    const source = join(out, 'source');
    const [fromDist, fromSource] = await Promise.all([
      execa('node', [join(root, 'dist', 'runners', 'cli', 'launch.js'), ...args, '--out', compiled], {
        cwd: tmpdir(),
        reject: false,
      }),
      execa(
        'node',
        ['--import', 'tsx', join(root, 'runners', 'cli', 'launch.ts'), ...args, '--out', source],
        {
          cwd: root,
          reject: false,
        },
      ),
    ]);
    expect(fromDist.stderr).toBe(`results: ${compiled}`);
    expect(fromDist.exitCode).toBe(0);
    const record = JSON.parse(fromDist.stdout) as { status: string; score: { total: number } };
    expect(record.status).toBe('completed');
    expect(record.score.total).toBe(4);
    expect(fromSource.exitCode).toBe(0);
    for (const file of ['requests.jsonl', 'audit.jsonl']) {
      expect(await withoutDurations(compiled, file)).toEqual(await withoutDurations(source, file));
    }
  });
});
