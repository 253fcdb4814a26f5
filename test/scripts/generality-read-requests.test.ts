import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../../runners/run/run-scenario.js';
import {
  OTHER_FILE,
  PATH_SHAPES,
  ReadRequestError,
  expandTemplate,
  makeReadWorkspace,
  parseReadRequestFile,
  readRequestScenario,
  trialOf,
} from '../../scripts/generality/read-requests.js';

/** A run whose turn calls asked for the given reads, turn by turn. */
function outcome(readsByTurn: string[][], status: 'completed' | 'failed' = 'completed'): RunOutcome {
  const requests = readsByTurn.map((paths, i) => ({
    call: i + 1,
    purpose: 'turn' as const,
    kind: 'respond' as const,
    turn: i + 1,
    session: 's1',
    fresh: i === 0,
    estimated: 10,
    durationMs: 1,
    request: { messages: [], tools: [] },
    response: {
      text: '',
      toolCalls: paths.map((p, n) => ({ callId: `c${n}`, tool: 'read_file', arguments: { path: p } })),
    },
  }));
  return {
    record: { status } as RunOutcome['record'],
    files: { requests } as unknown as RunOutcome['files'],
  };
}

const base = { template: 0, text: 'Onto {file}.', read: true, shape: 'folder', path: 'notes/setup.md' };

describe('read-request trials', () => {
  it('expands every {file} in a template, and refuses a template without one', () => {
    expect(expandTemplate('Onto {file}.', 'notes/setup.md')).toBe('Onto notes/setup.md.');
    expect(expandTemplate('{file}? Yes, {file}.', 'a.txt')).toBe('a.txt? Yes, a.txt.');
    expect(() => expandTemplate('Onto it.', 'a.txt')).toThrow(ReadRequestError);
  });

  it('parses the template file and refuses a template without {file}, naming the file', () => {
    const good =
      'version: 1\ntemplates:\n  - { text: "Onto {file}.", read: true }\n  - { text: "Skip {file}.", read: false }';
    expect(parseReadRequestFile(good, 'r.yaml')).toEqual([
      { text: 'Onto {file}.', read: true },
      { text: 'Skip {file}.', read: false },
    ]);
    expect(() =>
      parseReadRequestFile('version: 1\ntemplates:\n  - { text: "Onto it.", read: true }', 'r.yaml'),
    ).toThrow(/^r\.yaml: templates\.0\.text: a template holds \{file\}/);
  });

  it('tries at least three shapes of path, each a file of the workspace it makes', async () => {
    expect(new Set(PATH_SHAPES.map((s) => s.path.split('/').length)).size).toBeGreaterThanOrEqual(3);
    const workspace = await makeReadWorkspace();
    try {
      for (const { path: file } of PATH_SHAPES) {
        expect((await readFile(path.join(workspace.dir, 'workspace', file), 'utf8')).length).toBeGreaterThan(
          20,
        );
      }
      await readFile(path.join(workspace.dir, 'workspace', OTHER_FILE), 'utf8');
    } finally {
      await workspace.remove();
    }
  });

  it('asks the template after a turn that read another file, or the file itself', () => {
    const unread = readRequestScenario('Onto {file}.', 'notes/setup.md', 'unread');
    expect(unread.steps).toEqual([
      { say: `Please read ${OTHER_FILE} and summarise it.` },
      { say: 'Onto notes/setup.md.' },
    ]);
    const read = readRequestScenario('Thanks, {file} was useful.', 'notes/setup.md', 'read');
    expect(read.steps).toEqual([
      { say: 'Please read notes/setup.md and summarise it.' },
      { say: 'Thanks, notes/setup.md was useful.' },
    ]);
  });

  it('looks for the read in the template turn only, and checks the earlier turn set the context up', () => {
    expect(
      trialOf(outcome([[OTHER_FILE], ['notes/setup.md']]), { ...base, context: 'unread' }),
    ).toMatchObject({
      opened: true,
      contextReady: true,
    });
    // The file read in the earlier turn only: not opened by the template.
    expect(trialOf(outcome([['notes/setup.md'], []]), { ...base, context: 'read' })).toMatchObject({
      opened: false,
      contextReady: true,
    });
    // The earlier turn read the template's file where it should not have, or nothing where it should.
    expect(
      trialOf(outcome([[OTHER_FILE, 'notes/setup.md'], []]), { ...base, context: 'unread' }).contextReady,
    ).toBe(false);
    expect(trialOf(outcome([[], []]), { ...base, context: 'read' }).contextReady).toBe(false);
    expect(
      trialOf(outcome([[OTHER_FILE], ['notes/setup.md']], 'failed'), { ...base, context: 'unread' })
        .contextReady,
    ).toBe(false);
  });
});
