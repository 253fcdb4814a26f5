/**
 * The files a scenario's steps name, and the warning for each one its workspace does not hold: a step
 * asking for a file no model can read measures nothing of the engine.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index.js';
import { loadScenarioFile } from '../../scenarios/load.js';
import { filesNamed, namedFiles, unheldFileWarnings } from '../../scenarios/named-files.js';
import { defineScenario } from '../../scenarios/schema.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wisp-named-files-'));
  await mkdir(path.join(dir, 'ws', 'docs'), { recursive: true });
  await writeFile(path.join(dir, 'ws', 'docs', 'notes.md'), '# Notes\n\nThe port is 8080.\n');
  await writeFile(path.join(dir, 'ws', 'README.md'), '# Readme\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('filesNamed', () => {
  it('finds paths with an extension, as written, once each', () => {
    expect(
      filesNamed('Please read docs/notes.md, then "README.md" and (src/app.js). Then docs/notes.md again.'),
    ).toEqual(['docs/notes.md', 'README.md', 'src/app.js']);
  });

  it('leaves out folders, absolute and climbing paths, addresses, abbreviations and numbers', () => {
    expect(
      filesNamed(
        'See docs/ and /etc/passwd and ../secret.md and https://example.org/a.html, e.g. version 1.5 or v2.0.',
      ),
    ).toEqual([]);
  });
});

describe('namedFiles', () => {
  it('reads the steps the person types: say, ask and task, not commands or facts', () => {
    const scenario = defineScenario({
      name: 'n',
      description: 'd',
      steps: [
        { say: 'Read docs/a.md.' },
        { command: 'cat docs/b.md' },
        { fact: { subject: 'app', name: 'config', value: 'config/app.toml' } },
        { task: 'Fix src/c.js.' },
        { ask: 'What does docs/d.md say?', id: 'd', expect: { any: ['x'] } },
      ],
    });
    expect(namedFiles(scenario)).toEqual([
      { step: 0, kind: 'say', path: 'docs/a.md' },
      { step: 3, kind: 'task', path: 'src/c.js' },
      { step: 4, kind: 'ask', path: 'docs/d.md' },
    ]);
  });
});

describe('unheldFileWarnings', () => {
  async function scenarioFile(steps: string, workspace = 'workspace: ws\n'): Promise<string> {
    const file = path.join(dir, 'named.yaml');
    await writeFile(file, `name: named\ndescription: d\n${workspace}steps:\n${steps}`);
    return file;
  }

  it('warns of each file the workspace does not hold, naming the file, the step and the path', async () => {
    const file = await scenarioFile(
      '  - say: Please read docs/notes.md and README.md.\n  - say: Please read docs/missing.md.\n  - ask: What does docs/gone.md say?\n    id: gone\n    expect: { any: [x] }\n',
    );
    expect(await unheldFileWarnings(await loadScenarioFile(file))).toEqual([
      `warning: ${file}: step 2 (say) names docs/missing.md, which the workspace ws does not hold`,
      `warning: ${file}: step 3 (ask) names docs/gone.md, which the workspace ws does not hold`,
    ]);
  });

  it('takes a word without a slash for a file only with an extension the workspace has', async () => {
    const file = await scenarioFile(
      '  - say: The host is tw-prod-07.internal and we use Node.js.\n  - say: Read CHANGES.md.\n',
    );
    expect(await unheldFileWarnings(await loadScenarioFile(file))).toEqual([
      `warning: ${file}: step 2 (say) names CHANGES.md, which the workspace ws does not hold`,
    ]);
  });

  it('says nothing of a scenario without a workspace, nor of the built-in scenarios', async () => {
    const file = await scenarioFile('  - say: Please read docs/missing.md.\n', '');
    expect(await unheldFileWarnings(await loadScenarioFile(file))).toEqual([]);
    for (const loaded of builtinScenarios.values()) expect(await unheldFileWarnings(loaded)).toEqual([]);
  });
});
