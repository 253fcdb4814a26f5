import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../scenarios/errors.js';
import { loadScenarioFile } from '../../scenarios/load.js';

const fixtures = path.relative(process.cwd(), fileURLToPath(new URL('./fixtures/', import.meta.url)));
const fixture = (name: string): string => path.join(fixtures, name);

/** Loads `file`, expecting a ScenarioError, and returns it. */
async function failure(file: string): Promise<ScenarioError> {
  const thrown = await loadScenarioFile(file).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(ScenarioError);
  const error = thrown as ScenarioError;
  expect(error.code).toBe('SCENARIO_INVALID');
  expect(error.message).not.toContain('\n');
  return error;
}

describe('loadScenarioFile: valid files', () => {
  it('loads the same scenario from JSON and from YAML, with defaults filled', async () => {
    const json = await loadScenarioFile(fixture('valid.json'));
    const yaml = await loadScenarioFile(fixture('valid.yaml'));
    expect(yaml.scenario).toEqual(json.scenario);
    expect(json.scenario.name).toBe('fixture-valid');
    expect(json.scenario.steps).toHaveLength(6);
    expect(json.scenario.steps[5]).toEqual({
      ask: 'What is the codename for the next release?',
      id: 'codename',
      expect: { any: ['BLUE HERON'], none: [] },
    });
  });

  it('reports the folder the workspace is relative to and the source path', async () => {
    const loaded = await loadScenarioFile(fixture('valid.yaml'));
    expect(loaded.dir).toBe(path.resolve(fixtures));
    expect(loaded.source).toBe(fixture('valid.yaml'));
  });
});

describe('loadScenarioFile: schema problems name the file, the step and the field', () => {
  const cases: [string, string][] = [
    ['bad-expect.yaml', 'step 3 (ask): expect.any: expected a non-empty list'],
    ['bad-kind.json', "step 2: unknown key 'sya' (did you mean 'say'?)"],
    [
      'bad-two-kinds.yaml',
      'step 1: more than one step kind: it has keys say, command; a step has exactly one of say, ask, command, fact, task, save, resume, model',
    ],
    ['bad-key.yaml', "step 2 (say): unknown key 'reply' (a say step has say, script, evidence)"],
    ['bad-type.json', 'step 4 (fact): fact.name: expected a string, got number'],
    ['bad-probe-id.yaml', 'step 2 (ask): id: a probe id is kebab-case, got "The Codename"'],
    ['bad-name.json', 'name: missing (expected a string)'],
    ['bad-commands.json', 'commands["npm test"].exitCode: expected an integer, got a fraction (1.5)'],
    ['bad-save-name.yaml', 'step 2 (save): save: a saved transcript name is kebab-case, got "Before Break"'],
    [
      'bad-abstain-false.yaml',
      'step 2 (ask): expect.abstain: expected true, got false; for a question with an answer, leave abstain out and give any (and none)',
    ],
    [
      'bad-abstain-mixed.yaml',
      'step 2 (ask): expect: abstain cannot be mixed with any: a probe expects either an answer (any, none) or, when its answer was never given, "I do not know" (abstain: true)',
    ],
    [
      'bad-abstain-missing.yaml',
      'step 2 (ask): expect.any: missing (expected a list of answers; or abstain: true alone, for a question whose answer was never given)',
    ],
  ];
  it.each(cases)('%s', async (name, problem) => {
    const file = fixture(name);
    expect((await failure(file)).message).toBe(`${file}: ${problem}`);
  });
});

describe('loadScenarioFile: a question whose answer was never given', () => {
  it('takes expect: { abstain: true } as a probe of its own form', async () => {
    const file = await scratchFile(
      'abstain.yaml',
      'name: a\ndescription: d\nsteps:\n  - say: Hi.\n  - ask: Who chose the name?\n    id: chooser\n    expect: { abstain: true }\n',
    );
    const loaded = await loadScenarioFile(file);
    expect(loaded.scenario.steps[1]).toEqual({
      ask: 'Who chose the name?',
      id: 'chooser',
      expect: { abstain: true },
    });
  });

  it.each([
    [
      'a list',
      '[x]',
      'expect: expected an object, got a list: { any, none } for an answer, or { abstain: true }',
    ],
    ['abstain with none', '{ abstain: true, none: [x] }', 'expect: abstain cannot be mixed with none: '],
    ['abstain as a word', '{ abstain: "yes" }', 'expect.abstain: expected true, got "yes"; '],
  ])('refuses %s in one line naming the step and the field', async (_what, written, problem) => {
    const file = await scratchFile(
      'abstain-bad.yaml',
      `name: a\ndescription: d\nsteps:\n  - say: Hi.\n  - ask: Who chose the name?\n    id: chooser\n    expect: ${written}\n`,
    );
    expect((await failure(file)).message.startsWith(`${file}: step 2 (ask): ${problem}`)).toBe(true);
  });
});

describe('loadScenarioFile: checks beyond the schema', () => {
  it('rejects a duplicate probe id, naming both steps', async () => {
    const file = fixture('bad-duplicate-id.yaml');
    expect((await failure(file)).message).toBe(
      `${file}: step 4 (ask): id: duplicate probe id 'codename' (first used in step 2)`,
    );
  });

  it('rejects a resume of a name no earlier step saved', async () => {
    const file = fixture('bad-resume.yaml');
    expect((await failure(file)).message).toBe(
      `${file}: step 3 (resume): resume: no earlier step saves 'second-break'`,
    );
  });

  it('rejects an expectation that reads as /regex/flags but does not compile', async () => {
    const file = fixture('bad-regex.yaml');
    expect((await failure(file)).message).toMatch(
      new RegExp(
        `^${escape(file)}: step 2 \\(ask\\): expect\\.none\\[0\\]: "/var/lib/tidewater/shelf" is read as /regex/flags and does not compile \\(.*flags.*\\)$`,
      ),
    );
  });

  it('accepts an expectation that is a valid regex', async () => {
    const file = await scratchFile(
      'regex.yaml',
      'name: a\ndescription: d\nsteps:\n  - ask: Port?\n    id: port\n    expect: { any: ["/\\\\b7311\\\\b/i"] }\n',
    );
    const loaded = await loadScenarioFile(file);
    expect(loaded.scenario.steps[0]).toMatchObject({ expect: { any: ['/\\b7311\\b/i'] } });
  });

  it('rejects a workspace folder that does not exist', async () => {
    const file = fixture('bad-workspace.yaml');
    const { message } = await failure(file);
    expect(message).toMatch(
      new RegExp(`^${escape(file)}: workspace: folder 'no-such-folder' does not exist`),
    );
    expect(message).toContain(path.resolve(fixtures, 'no-such-folder'));
  });

  it('rejects a workspace that is a file, not a folder', async () => {
    const file = await scratchFile(
      'file-workspace.yaml',
      'name: a\ndescription: d\nworkspace: notes.md\nsteps: [{ say: hi }]\n',
    );
    await writeFile(path.join(path.dirname(file), 'notes.md'), '# Notes\n');
    expect((await failure(file)).message).toMatch(/: workspace: 'notes\.md' is not a folder/);
  });
});

describe('loadScenarioFile: files that cannot be read or parsed', () => {
  it('reports a file that does not exist', async () => {
    const file = fixture('no-such-file.yaml');
    expect((await failure(file)).message).toBe(`${file}: cannot read the file: no such file (ENOENT)`);
  });

  it('reports an unknown extension', async () => {
    const file = fixture('bad-extension.txt');
    expect((await failure(file)).message).toBe(
      `${file}: unknown extension '.txt': a scenario file ends in .json, .yaml or .yml`,
    );
  });

  it('reports a YAML syntax error with its line', async () => {
    const file = await scratchFile(
      'syntax.yaml',
      'name: a\ndescription: d\nsteps:\n  - say: "Hello.\n  - say: Again.\n',
    );
    expect((await failure(file)).message).toMatch(
      new RegExp(`^${escape(file)}: YAML syntax error at line \\d+, column \\d+: missing closing "quote$`),
    );
  });

  it('reports a duplicate YAML key with the line it is on', async () => {
    const file = await scratchFile('dup-key.yml', 'name: a\ndescription: d\nname: b\nsteps: [{ say: hi }]\n');
    expect((await failure(file)).message).toBe(
      `${file}: YAML syntax error at line 3, column 1: map keys must be unique`,
    );
  });

  it('reports a JSON syntax error with its line and column', async () => {
    const file = await scratchFile(
      'syntax.json',
      '{\n  "name": "a",\n  "description": "d"\n  "steps": []\n}\n',
    );
    expect((await failure(file)).message).toMatch(
      new RegExp(`^${escape(file)}: JSON syntax error at line 4, column 3: `),
    );
  });

  it('reports an empty file', async () => {
    const file = fixture('empty.yaml');
    expect((await failure(file)).message).toBe(`${file}: the file holds no scenario`);
  });

  it('reports a file whose top level is not an object', async () => {
    const file = await scratchFile('list.json', '[1, 2]');
    expect((await failure(file)).message).toBe(`${file}: expected an object, got a list`);
  });
});

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'wisp-scenarios-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function scratchFile(name: string, text: string): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, text);
  return file;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
