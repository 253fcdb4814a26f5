/**
 * A workspace file a step names that the model never read: listed in the record, and warned about at
 * the end of the run, next to the probes that it left never-entered.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../engine/index.js';
import { readRunRecords } from '../../../records/runs-file.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { unreadLines } from '../../../runners/cli/results-output.js';
import { unreadFiles } from '../../../runners/run/unread-files.js';
import { defineScenario } from '../../../scenarios/schema.js';
import { makeRecord } from '../../reports/record-fixture.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-unread-'));
  await mkdir(join(dir, 'ws', 'docs'), { recursive: true });
  await writeFile(join(dir, 'ws', 'docs', 'notes.md'), '# Notes\n\nThe service listens on port 8080.\n');
  await writeFile(join(dir, 'ws', 'docs', 'other.md'), '# Other\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scenario = defineScenario({
  name: 'unread',
  description: 'd',
  workspace: 'ws',
  steps: [
    { say: 'Please read docs/notes.md and docs/other.md.' },
    { say: 'Then docs/missing.md.' },
    { ask: 'Which port?', id: 'port', expect: { any: ['8080'] } },
  ],
});

const call = (tool: string, args: Record<string, unknown>): AuditEvent =>
  ({
    type: 'tool.call',
    id: 'e',
    turn: 1,
    at: '',
    entry: 1,
    callId: 'c',
    tool,
    arguments: args,
  }) as AuditEvent;

describe('unreadFiles', () => {
  it('lists the held files a step names that no tool call named, with the step, from 1', async () => {
    expect(await unreadFiles(scenario, dir, [])).toEqual([
      { step: 1, path: 'docs/notes.md' },
      { step: 1, path: 'docs/other.md' },
    ]);
    // A read, or a command that names the file, counts; a file the workspace lacks is never listed.
    const events = [
      call('read_file', { path: 'docs/notes.md' }),
      call('run_command', { command: 'cat docs/other.md' }),
    ];
    expect(await unreadFiles(scenario, dir, events)).toEqual([]);
  });

  it('says nothing for a scenario without a workspace', async () => {
    const { workspace: _none, ...rest } = scenario;
    expect(await unreadFiles(rest, dir, [])).toEqual([]);
  });
});

describe('a run whose model never reads a file a step asks for', () => {
  it('records the file, warns naming it and its step, and leaves the probe never-entered', async () => {
    const file = join(dir, 'unread.yaml');
    await writeFile(
      file,
      'name: unread\ndescription: d\nworkspace: ws\nsteps:\n' +
        // The scripted model answers without calling a tool: the file is never read.
        '  - say: Please read docs/notes.md and summarise it.\n    script: { reply: Done. }\n' +
        '  - ask: Which port does the service listen on?\n    id: port\n    expect: { any: ["8080"] }\n    script: { reply: "I do not know." }\n',
    );
    const out = join(dir, 'out');
    const io = bufferIO();
    expect(
      await main(
        ['run', '--scenario', file, '--model', 'scripted', '--strategy', 'target', '--out', out],
        io,
      ),
    ).toBe(0);
    expect(io.stderr).toContain(
      'wisp-eval: warning: unread.target.scripted.w8192.r0: never read: docs/notes.md (named in step 1), in no tool call of the run',
    );
    const [record] = await readRunRecords(out);
    expect(record?.unreadFiles).toEqual([{ step: 1, path: 'docs/notes.md' }]);
    expect(record?.probes.map((p) => p.outcome)).toEqual(['never-entered']);
  });

  it('is one line per run, and none for a run that read every file', () => {
    const read = makeRecord();
    const unread = {
      ...makeRecord({ run: 1 }),
      unreadFiles: [
        { step: 2, path: 'a.md' },
        { step: 4, path: 'b/c.md' },
      ],
    };
    expect(unreadLines([read, unread])).toEqual([
      'wisp-eval: warning: codename.target.reader.w8192.r1: never read: a.md (named in step 2), b/c.md (named in step 4), in no tool call of the run',
    ]);
  });
});
