/**
 * The engine as a package: a scratch package that depends on this repository by path imports
 * `wisp-eval/engine` with plain node (the compiled JavaScript of the `import` export) and typechecks
 * against its declarations (the `types` export); the engine's compiled import graph names no package.
 */
import { execa } from 'execa';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../bin/compiled.js';

// A program that embeds the engine: one turn against a model that answers with what it was sent.
const program = `// @ts-check
import { Conversation, defaultSettings, memorySink, sequentialIds, steppingClock } from 'wisp-eval/engine';

/** @type {import('wisp-eval/engine').ModelPort} */
const model = {
  name: 'echo',
  window: 8192,
  reportsUsage: false,
  async respond(request) {
    const last = request.messages.at(-1);
    return { text: \`\${request.messages.length} messages, the last from \${last?.role}: \${last?.content}\`, toolCalls: [] };
  },
};
const audit = memorySink();
const conversation = new Conversation({
  model,
  clock: steppingClock(Date.UTC(2026, 0, 1), 1000, () => 0),
  ids: sequentialIds(),
  audit,
  tools: [],
  settings: defaultSettings(),
  instructions: 'Answer briefly.',
});
const figures = await conversation.turn('Hello, engine.');
console.log(JSON.stringify({ status: figures.status, reply: figures.reply, events: audit.events.map((e) => e.type) }));

// The declarations are real types, not \`any\`: a settings object is no number.
// @ts-expect-error
/** @type {number} */ const settings = defaultSettings();
void settings;
`;

const typecheckConfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    strict: true,
    allowJs: true,
    checkJs: true,
    noEmit: true,
    // The engine's declarations are checked too; only Node's own come from the repository.
    skipLibCheck: false,
    typeRoots: [join(root, 'node_modules', '@types')],
    types: ['node'],
  },
  files: ['main.mjs'],
};

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'wisp-engine-package-'));
  const manifest = {
    name: 'scratch',
    private: true,
    type: 'module',
    dependencies: { 'wisp-eval': `file:${root}` },
  };
  await writeFile(join(scratch, 'package.json'), JSON.stringify(manifest, null, 2));
  await writeFile(join(scratch, 'main.mjs'), program);
  await writeFile(join(scratch, 'tsconfig.json'), JSON.stringify(typecheckConfig, null, 2));
  // No scripts: the repository's `prepare` would rebuild the dist/ other tests are running.
  const installed = await execa(
    'npm',
    ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
    {
      cwd: scratch,
      reject: false,
      all: true,
    },
  );
  if (installed.exitCode !== 0) {
    // What a `file:` dependency installs, when npm cannot install it here.
    await mkdir(join(scratch, 'node_modules'), { recursive: true });
    await symlink(root, join(scratch, 'node_modules', 'wisp-eval'), 'dir');
  }
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("import { Conversation } from 'wisp-eval/engine'", () => {
  it('runs a turn with plain node from a package that depends on the repository by path', async () => {
    const ran = await execa('node', ['main.mjs'], { cwd: scratch, reject: false });
    expect(ran.stderr).toBe('');
    expect(ran.exitCode).toBe(0);
    const printed = JSON.parse(ran.stdout) as { status: string; reply: string; events: string[] };
    expect(printed.status).toBe('completed');
    expect(printed.reply).toBe('2 messages, the last from user: Hello, engine.');
    expect(printed.events[0]).toBe('session.start');
    expect(printed.events.at(-1)).toBe('turn.end');
  });

  it('typechecks against the declarations the types export names', async () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await execa('node', [tsc, '-p', 'tsconfig.json'], {
      cwd: scratch,
      reject: false,
      all: true,
    });
    expect(checked.all).toBe('');
    expect(checked.exitCode).toBe(0);
  });

  it('resolves to compiled JavaScript and declarations under dist/', async () => {
    const resolved = await execa(
      'node',
      ['--input-type=module', '-e', "console.log(import.meta.resolve('wisp-eval/engine'))"],
      { cwd: scratch },
    );
    expect(resolved.stdout).toBe(`file://${join(root, 'dist', 'engine', 'index.js')}`);
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const listed = await execa('node', [tsc, '-p', 'tsconfig.json', '--listFilesOnly'], { cwd: scratch });
    expect(listed.stdout.split('\n')).toContain(join(root, 'dist', 'engine', 'index.d.ts'));
  });
});

describe('the compiled engine', () => {
  it('imports no package and no node: module, only its own files, the JSON among them', async () => {
    const seen = new Set<string>();
    const outside = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = await readFile(file, 'utf8');
      if (!file.endsWith('.js')) return;
      // TypeScript's own scan of a file's imports, which skips comments and strings.
      const { importedFiles } = ts.preProcessFile(code, true, true);
      for (const { fileName } of importedFiles) {
        if (fileName.startsWith('.')) await visit(resolve(dirname(file), fileName));
        else outside.add(fileName);
      }
    };
    await visit(join(root, 'dist', 'engine', 'index.js'));
    expect([...outside]).toEqual([]);
    expect([...seen].filter((file) => !file.startsWith(join(root, 'dist', 'engine')))).toEqual([]);
    expect(seen).toContain(join(root, 'dist', 'engine', 'facts', 'kinds.json'));
  });
});
