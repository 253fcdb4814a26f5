import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentsNamedIn, editionOf, editionPacks, REVIEW_PACK } from '../../scenarios/abridge.js';
import { ScenarioError } from '../../scenarios/errors.js';
import { builtinScenarioNames, builtinScenarios, resolveScenario } from '../../scenarios/index.js';
import type { LoadedScenario } from '../../scenarios/load.js';
import { answerPatterns, expectsAbstention } from '../../scenarios/schema.js';
import type { AnswerExpectation, Scenario, Step } from '../../scenarios/schema.js';

const fixtures = path.relative(process.cwd(), fileURLToPath(new URL('./fixtures/', import.meta.url)));
const loaded: LoadedScenario[] = [...builtinScenarios.values()];

function builtin(name: string): LoadedScenario {
  const entry = builtinScenarios.get(name);
  if (entry === undefined) throw new Error(`no built-in ${name}`);
  return entry;
}

type Probe = Extract<Step, { ask: string }>;
/** A probe that expects an answer, with its expectation's `any` and `none`. */
type AnsweredProbe = Probe & { expect: AnswerExpectation };

/** What the model sees of a step, as text: its prompt, or its kind plus its content. */
function stepText(step: Step): string {
  if ('say' in step) return step.say;
  if ('ask' in step) return step.ask;
  if ('command' in step) return `command: ${step.command}`;
  if ('fact' in step) return `fact: ${step.fact.subject} ${step.fact.name} ${step.fact.value}`;
  if ('save' in step) return `save: ${step.save}`;
  if ('resume' in step) return `resume: ${step.resume}`;
  if ('model' in step) return `model: ${step.model}`;
  return `task: ${step.task}`;
}

/** A probe expectation as the design defines it: a case-insensitive substring or `/regex/flags`. */
function matcher(entry: string): (text: string) => boolean {
  const regex = /^\/(.+)\/([dgimsuvy]*)$/s.exec(entry);
  if (regex) {
    const pattern = new RegExp(regex[1] ?? '', regex[2]);
    return (text) => pattern.test(text);
  }
  return (text) => text.toLowerCase().includes(entry.toLowerCase());
}

const readPrompt = /^Please read ((?:docs|abridged)\/[\w-]+\.md) and summarise it\.$/;
const reviewPrompt = /^Please read (review\/[\w-]+\.md) and summarise it for the pilot review\.$/;
const filesRead = (scenario: Scenario, prompt = readPrompt): string[] =>
  scenario.steps.flatMap((step) => {
    const match = 'say' in step ? prompt.exec(step.say) : null;
    return match?.[1] ? [match[1]] : [];
  });
/** The document a workspace file belongs to: an edition (`review/`, `abridged/`) is its document's, by name. */
const documentOf = (file: string): string => file.replace(/^(?:review|abridged)\//, 'docs/');
const probes = (scenario: Scenario): Probe[] => scenario.steps.filter((step): step is Probe => 'ask' in step);
const answered = (scenario: Scenario): AnsweredProbe[] =>
  probes(scenario).filter((probe): probe is AnsweredProbe => !expectsAbstention(probe.expect));
const neverGiven = (scenario: Scenario): Probe[] =>
  probes(scenario).filter((probe) => expectsAbstention(probe.expect));
const personTurns = (scenario: Scenario): number =>
  scenario.steps.filter((step) => 'say' in step || 'ask' in step).length;

async function workspaceFiles(entry: LoadedScenario): Promise<Map<string, string>> {
  const root = path.resolve(entry.dir, entry.scenario.workspace ?? '.');
  const files = new Map<string, string>();
  for (const name of await readdir(root, { recursive: true })) {
    const full = path.join(root, name);
    if ((await stat(full)).isFile()) files.set(name.split(path.sep).join('/'), await readFile(full, 'utf8'));
  }
  return files;
}

const stopWords = new Set([
  'what',
  'which',
  'does',
  'that',
  'this',
  'with',
  'from',
  'have',
  'were',
  'when',
  'each',
]);
const contentWords = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 4 && !stopWords.has(word)),
  );
/** A word less a plural or tense ending, so that `runs` and `run`, `hosted` and `host` meet. */
const stem = (word: string): string => word.replace(/(?:ing|ed|es|s)$/, '');
const stems = (text: string): Set<string> => new Set([...contentWords(text)].map(stem));
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?;])\s+|\n/);

/**
 * Probes whose answer only a command the run makes prints (the exit status of a test run after an
 * edit): no step and no workspace file may state it, so the command's output is its one source.
 */
const answeredByCommands: Readonly<Record<string, readonly string[]>> = { build: ['exit-status-now'] };
const byCommand = (scenario: Scenario, probe: Probe): boolean =>
  (answeredByCommands[scenario.name] ?? []).includes(probe.id);

describe('the registry', () => {
  it('keys every built-in by its own name, with a folder and the built-in source', () => {
    expect(builtinScenarioNames).toEqual(['codename', 'showing', 'reading', 'digression', 'build']);
    for (const [name, entry] of builtinScenarios) {
      expect(entry.scenario.name).toBe(name);
      expect(entry.source).toBe('built-in');
      expect(path.isAbsolute(entry.dir)).toBe(true);
    }
  });

  it('resolves a built-in by name', async () => {
    const entry = await resolveScenario('digression');
    expect(entry).toBe(builtin('digression'));
    expect(entry.dir).toBe(
      path.resolve(fileURLToPath(new URL('../../scenarios/digression/', import.meta.url))) + path.sep,
    );
  });

  it('resolves a path ending in .json, .yaml or .yml as a file', async () => {
    const entry = await resolveScenario(path.join(fixtures, 'valid.yaml'));
    expect(entry.scenario.name).toBe('fixture-valid');
    expect(entry.source).toBe(path.join(fixtures, 'valid.yaml'));
    await expect(resolveScenario(path.join(fixtures, 'bad-expect.yaml'))).rejects.toThrow(ScenarioError);
  });

  it('rejects an unknown name, listing the built-in names', async () => {
    const thrown = await resolveScenario('codenmae').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ScenarioError);
    expect((thrown as ScenarioError).code).toBe('SCENARIO_INVALID');
    expect((thrown as ScenarioError).message).toBe(
      "unknown scenario 'codenmae': the built-in scenarios are codename, showing, reading, digression, build; " +
        'or give the path of a .json, .yaml or .yml file',
    );
  });
});

describe.each(loaded.map((entry) => [entry.scenario.name, entry] as const))('built-in %s', (_name, entry) => {
  const { scenario } = entry;

  it('has a workspace that exists and holds every file its prompts name', async () => {
    await expect(resolveScenario(scenario.name)).resolves.toBe(entry);
    const files = await workspaceFiles(entry);
    for (const step of scenario.steps) {
      for (const [mentioned] of stepText(step).matchAll(
        /(?<![\w/.-])(?:(?:docs|config|review|abridged|src|test)\/)?[\w.-]+\.(?:md|toml|js|json)\b/g,
      )) {
        expect(files.has(mentioned), `${mentioned} is in the workspace`).toBe(true);
      }
    }
  });

  it('states each probe answer in exactly one place, before the probe', async () => {
    const files = await workspaceFiles(entry);
    scenario.steps.forEach((step, index) => {
      if (!('ask' in step) || expectsAbstention(step.expect)) return;
      const said = scenario.steps.slice(0, index).map(stepText).join('\n');
      const matches = step.expect.any.map(matcher);
      const inConversation = matches.some((match) => match(said));
      const inFiles = [
        ...new Set(
          [...files]
            .filter(([, text]) => matches.some((match) => match(text)))
            .map(([name]) => documentOf(name)),
        ),
      ];
      const where = `${step.id}: conversation ${inConversation}, files [${inFiles.join(', ')}]`;
      if (byCommand(scenario, step)) expect(!inConversation && inFiles.length === 0, where).toBe(true);
      else expect(inConversation ? inFiles.length === 0 : inFiles.length === 1, where).toBe(true);
      // Whatever reply the probe counts as wrong must not be what it counts as right.
      for (const wrong of step.expect.none)
        expect(
          matches.some((match) => match(wrong)),
          wrong,
        ).toBe(false);
    });
  });

  it('words each probe with key words from the sentence that answers it', async () => {
    const files = await workspaceFiles(entry);
    const sentences = [...scenario.steps.map(stepText), ...[...files.values()].flatMap(sentencesOf)];
    for (const probe of answered(scenario).filter((p) => !byCommand(scenario, p))) {
      const matches = probe.expect.any.map(matcher);
      const answering = sentences.filter((sentence) => matches.some((match) => match(sentence)));
      const asked = contentWords(probe.ask);
      const shared = answering.some((sentence) =>
        [...contentWords(sentence)].some((word) => asked.has(word)),
      );
      expect(shared, `${probe.id} shares a key word with its answer`).toBe(true);
    }
  });

  it('asks one question whose answer was never given, among its other probes', () => {
    expect(neverGiven(scenario)).toHaveLength(1);
    const at = scenario.steps.findIndex((step) => 'ask' in step && expectsAbstention(step.expect));
    expect(scenario.steps.slice(0, at).some((step) => 'ask' in step)).toBe(true);
  });

  it('gives the answer to a never-given question nowhere: no sentence said before it or in a workspace file holds all its key words', async () => {
    const files = await workspaceFiles(entry);
    const fileSentences = [...files].flatMap(([name, text]) =>
      sentencesOf(text).map((sentence) => ({ where: name, sentence })),
    );
    scenario.steps.forEach((step, index) => {
      if (!('ask' in step) || !expectsAbstention(step.expect)) return;
      const asked = stems(step.ask);
      expect(asked.size, `${step.id} has key words`).toBeGreaterThanOrEqual(2);
      const said = scenario.steps
        .slice(0, index)
        .flatMap((earlier) => sentencesOf(stepText(earlier)))
        .map((sentence) => ({ where: 'the conversation', sentence }));
      const holding = [...said, ...fileSentences].filter(({ sentence }) => {
        const words = stems(sentence);
        return [...asked].every((word) => words.has(word));
      });
      expect(holding, `${step.id}: sentences that could answer it`).toEqual([]);
    });
  });
});

const FIRST_FILE = 'Which file did you read first?';
const askingFirstFile = loaded.filter((entry) => probes(entry.scenario).some((p) => p.ask === FIRST_FILE));

describe('the probes that ask which file came first', () => {
  it('are in the scenarios that read files before a digression or a condensation', () => {
    expect(askingFirstFile.map((entry) => entry.scenario.name)).toEqual(['codename', 'digression']);
  });

  it.each(askingFirstFile.map((entry) => [entry.scenario.name, entry] as const))(
    '%s expects the first file read, and counts every other file read as wrong',
    (_name, { scenario }) => {
      const first = answered(scenario).find((probe) => probe.ask === FIRST_FILE);
      const names = filesRead(scenario).map((file) => path.basename(file));
      expect(names.length).toBeGreaterThan(1);
      expect(first?.expect.any).toEqual([names[0]]);
      expect([...(first?.expect.none ?? [])].sort()).toEqual(names.slice(1).sort());
    },
  );
});

describe('the scenarios have the shape their purpose needs', () => {
  const [codename, showing, reading, digression] = ['codename', 'showing', 'reading', 'digression'].map(
    builtin,
  ) as [LoadedScenario, LoadedScenario, LoadedScenario, LoadedScenario];

  it('codename: the codename first, then six reads, then the probes', () => {
    const steps = codename.scenario.steps;
    expect(steps[0]).toMatchObject({ say: 'The codename for the next release is BLUE HERON.' });
    expect(steps[0]?.evidence).toEqual({
      id: 'codename-kept',
      any: ['BLUE HERON'],
      through: ['facts', 'summary'],
    });
    expect(filesRead(codename.scenario)).toHaveLength(6);
    const firstProbe = steps.findIndex((step) => 'ask' in step);
    expect(steps.slice(1, firstProbe).every((step) => 'say' in step && readPrompt.test(step.say))).toBe(true);
    expect(probes(codename.scenario).length).toBeGreaterThanOrEqual(3);
    expect(answerPatterns(probes(codename.scenario)[0]?.expect ?? { abstain: true })).toEqual(['BLUE HERON']);
  });

  it('showing: shows a file of about 900 bytes and asks about it', async () => {
    const shown = showing.scenario.steps.flatMap((step) => {
      const match = 'say' in step ? /^Show me ([\w./-]+)\.$/.exec(step.say) : null;
      return match?.[1] ? [match[1]] : [];
    });
    expect(shown).toHaveLength(1);
    const text = (await workspaceFiles(showing)).get(shown[0] ?? '') ?? '';
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(800);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000);
    const answers = answered(showing.scenario).filter((probe) =>
      probe.expect.any.some((entry) => text.includes(entry)),
    );
    expect(answers.length).toBeGreaterThanOrEqual(2);
  });

  it('reading: at least 29 turns, reads of 14 or more documents, a run of reviews, probes spread out and at the end', () => {
    const { steps } = reading.scenario;
    expect(personTurns(reading.scenario)).toBeGreaterThanOrEqual(29);
    const reviews = filesRead(reading.scenario, reviewPrompt);
    const docs = new Set([...filesRead(reading.scenario), ...reviews].map(documentOf));
    expect(docs.size).toBeGreaterThanOrEqual(14);
    expect(probes(reading.scenario).length).toBeGreaterThanOrEqual(10);
    // The reviews come one after another: the run that makes `dropping` condense before every turn.
    const firstReview = steps.findIndex((step) => 'say' in step && reviewPrompt.test(step.say));
    const run = steps.slice(firstReview, firstReview + reviews.length);
    expect(run.every((step) => 'say' in step && reviewPrompt.test(step.say))).toBe(true);
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    const lastRead = steps.findLastIndex(
      (step) => 'say' in step && (readPrompt.test(step.say) || reviewPrompt.test(step.say)),
    );
    const probeAt = steps.flatMap((step, index) => ('ask' in step ? [index] : []));
    expect(probeAt.filter((index) => index < lastRead).length).toBeGreaterThanOrEqual(3);
    expect(probeAt.filter((index) => index > lastRead).length).toBeGreaterThanOrEqual(5);
    expect('ask' in (steps.at(-1) ?? {})).toBe(true);
  });

  it('digression: a task, four facts, a changed fact, ten reads, then seven probes', () => {
    const { steps } = digression.scenario;
    expect(steps.filter((step) => 'task' in step)).toHaveLength(1);
    expect(steps.filter((step) => 'fact' in step)).toHaveLength(2);
    const reads = filesRead(digression.scenario);
    expect(reads).toHaveLength(10);
    expect(new Set(reads).size).toBe(10);
    const firstRead = steps.findIndex((step) => 'say' in step && readPrompt.test(step.say));
    const before = steps.slice(0, firstRead).map(stepText);
    expect(before).toContain('The deploy window is Tuesday.');
    expect(before.indexOf('The deploy window is now Thursday.')).toBeGreaterThan(
      before.indexOf('The deploy window is Tuesday.'),
    );
    const after = steps.slice(firstRead + 10);
    expect(after).toHaveLength(7);
    expect(after.every((step) => 'ask' in step)).toBe(true);
    const window = probes(digression.scenario).find((probe) => probe.id === 'deploy-window');
    expect(window?.expect).toEqual({ any: ['Thursday'], none: ['Tuesday'] });
  });

  it('build: the tests are run, the failing module read and changed, the tests run again, then more reads and the probes', async () => {
    const entry = builtin('build');
    const { steps } = entry.scenario;
    const says = steps.map((step) => ('say' in step ? step.say : ''));
    const runs = says.flatMap((say, index) => (/\brun\b.*`node test\/run\.js`/.test(say) ? [index] : []));
    expect(runs).toHaveLength(2);
    const [first = -1, second = -1] = runs;
    const readModule = says.indexOf('Please read src/discounts.js.');
    const edit = says.findIndex((say) =>
      /change SENIOR_DISCOUNT in src\/discounts\.js from 0\.2 to 0\.25/.test(say),
    );
    expect(first).toBeLessThan(readModule);
    expect(readModule).toBeLessThan(edit);
    expect(edit).toBeLessThan(second);
    // The edit is asked for in words, and scripted as an edit_file call for the scripted model.
    const editStep = steps[edit];
    const script = editStep && 'say' in editStep ? editStep.script : undefined;
    expect(script?.toolCalls?.map((call) => call.tool)).toEqual(['edit_file']);
    const readsAfter = says.slice(second + 1).filter((say) => /^Please read \S+/.test(say));
    expect(readsAfter.length).toBeGreaterThanOrEqual(10);
    expect('ask' in (steps.at(-1) ?? {})).toBe(true);
    // The workspace is a project of its own: the stated rate is the old one, and nothing to install.
    const files = await workspaceFiles(entry);
    expect(files.get('src/discounts.js')).toContain('export const SENIOR_DISCOUNT = 0.2;');
    expect(files.get('test/discounts.test.js')).toContain(
      "test('a senior pays a quarter less than an adult'",
    );
    const manifest = JSON.parse(files.get('package.json') ?? '{}') as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    const changed = probes(entry.scenario).find((probe) => probe.id === 'senior-discount');
    expect(changed?.expect).toEqual({ any: ['0.25'], none: ['/\\b0\\.2\\b/'] });
  });
});

describe('the shared Tidewater workspace', () => {
  const tidewater = builtin('reading');
  const onTidewater = loaded.filter((entry) => entry.scenario.workspace === tidewater.scenario.workspace);

  it('holds documents of about 1,400 tokens, each a titled Markdown document with sections', async () => {
    const docs = [...(await workspaceFiles(tidewater))].filter(([name]) => name.startsWith('docs/'));
    expect(docs.length).toBeGreaterThanOrEqual(14);
    for (const [name, text] of docs) {
      const bytes = Buffer.byteLength(text);
      expect(bytes, `${name} is ${bytes} bytes`).toBeGreaterThanOrEqual(6200);
      expect(bytes, `${name} is ${bytes} bytes`).toBeLessThanOrEqual(7600);
      expect(text.startsWith('# '), `${name} has a title`).toBe(true);
      expect(text.match(/^## /gm)?.length ?? 0, `${name} has sections`).toBeGreaterThanOrEqual(3);
      expect(text, `${name} names no other document`).not.toMatch(/\b[\w-]+\.md\b/);
    }
  });

  it('never states the codename or anything the person plants in a conversation', async () => {
    const all = [...(await workspaceFiles(tidewater)).values()].join('\n');
    expect(all).not.toMatch(/heron/i);
    for (const entry of loaded) {
      for (const step of entry.scenario.steps) {
        if ('fact' in step) expect(all).not.toContain(step.fact.value);
      }
    }
  });

  it('every document is read by a built-in scenario, whole or in an edition, and every review edition by reading', async () => {
    const files = [...(await workspaceFiles(tidewater)).keys()];
    const read = onTidewater.flatMap((entry) => [
      ...filesRead(entry.scenario),
      ...filesRead(entry.scenario, reviewPrompt),
    ]);
    expect(new Set(read.map(documentOf))).toEqual(new Set(files.filter((name) => name.startsWith('docs/'))));
    expect(new Set(filesRead(tidewater.scenario, reviewPrompt))).toEqual(
      new Set(files.filter((name) => name.startsWith('review/'))),
    );
  });

  it.each(editionPacks.map((pack) => [pack.folder, pack] as const))(
    'holds in %s/ the edition of each document the scenarios read there, as scripts/abridge-docs.ts writes it',
    async (folder, pack) => {
      const files = await workspaceFiles(tidewater);
      const scenarios = loaded.map((entry) => entry.scenario);
      const named = documentsNamedIn(pack, scenarios);
      const read = loaded.flatMap((entry) => [
        ...filesRead(entry.scenario),
        ...filesRead(entry.scenario, reviewPrompt),
      ]);
      expect(named.map((name) => `${folder}/${name}`)).toEqual(
        [...new Set(read.filter((file) => file.startsWith(`${folder}/`)))].sort(),
      );
      expect([...files.keys()].filter((name) => name.startsWith(`${folder}/`)).sort()).toEqual(
        named.map((name) => `${folder}/${name}`),
      );
      for (const name of named) {
        const text = files.get(`docs/${name}`) ?? '';
        expect(files.get(`${folder}/${name}`), `${folder} edition of ${name}`).toBe(
          editionOf(text, scenarios, pack),
        );
      }
    },
  );

  it('has a review edition of every document', async () => {
    const files = [...(await workspaceFiles(tidewater)).keys()];
    const docs = files.filter((name) => name.startsWith('docs/')).map((name) => name.slice('docs/'.length));
    expect(documentsNamedIn(REVIEW_PACK, [tidewater.scenario])).toEqual(docs.sort());
  });
});
