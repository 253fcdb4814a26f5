// Lint rules for wisp-eval. Besides style, they hold the architecture: the engine stays pure, the
// folders depend one way, and no module imports itself round a cycle. test/lint/ proves each rule
// reports what it should.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

const RUNNER_FOLDERS = readdirSync(join(import.meta.dirname, 'runners'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What each folder of runners/ may import besides the engine's public API and runners/errors.ts: the
 * other runner folders and the top-level folders it names, and nothing else. Read top-down: the
 * command line drives the matrix and the gate; the matrix runs runs; a run is the sandbox, the step
 * interpreter, scoring, metrics and recording put together.
 */
export const RUNNER_ALLOWS = {
  cli: {
    runners: ['gate', 'io', 'matrix', 'models', 'recording', 'run', 'sandbox', 'serve', 'steps'],
    top: ['records', 'reports', 'scenarios', 'strategies'],
  },
  gate: { runners: ['io', 'models', 'run', 'steps'], top: ['records', 'scenarios', 'strategies'] },
  matrix: {
    runners: ['io', 'models', 'recording', 'run', 'sandbox'],
    top: ['records', 'reports', 'scenarios', 'strategies'],
  },
  run: {
    runners: ['metrics', 'models', 'recording', 'sandbox', 'scoring', 'steps'],
    top: ['records', 'scenarios', 'strategies'],
  },
  steps: { runners: ['metrics', 'models', 'scoring'], top: ['records', 'scenarios', 'strategies'] },
  scoring: { runners: [], top: ['records', 'scenarios'] },
  metrics: { runners: ['models'], top: ['records'] },
  sandbox: { runners: ['io'], top: ['strategies'] },
  recording: { runners: ['io'], top: ['records', 'reports', 'scenarios'] },
  models: { runners: ['io'], top: ['records', 'scenarios', 'strategies'] },
  serve: { runners: ['models'], top: [] },
  // Scenarios as vitest suites: the matrix's run loop and the gate's snapshots, seen from a test file.
  vitest: {
    runners: ['gate', 'matrix', 'models', 'recording', 'run', 'steps'],
    top: ['records', 'reports', 'scenarios', 'strategies'],
  },
  io: { runners: [], top: [] },
};

const TOP_FOLDERS = ['records', 'scenarios', 'strategies', 'reports', 'scripts', 'bin', 'test'];

/** One zone per runner folder: everything it is not allowed to import. */
function runnerZones() {
  const unlisted = RUNNER_FOLDERS.filter((name) => !(name in RUNNER_ALLOWS));
  if (unlisted.length > 0)
    throw new Error(`eslint.config.js: runners/${unlisted.join(', runners/')} has no entry in RUNNER_ALLOWS`);
  return Object.entries(RUNNER_ALLOWS).map(([name, allows]) => ({
    target: `./runners/${name}`,
    from: [
      ...RUNNER_FOLDERS.filter((other) => other !== name && !allows.runners.includes(other)).map(
        (other) => `./runners/${other}`,
      ),
      ...TOP_FOLDERS.filter((top) => !allows.top.includes(top)).map((top) => `./${top}`),
    ],
    message: `runners/${name}/ imports runners/{${allows.runners.join(',')}}, ${allows.top.join(', ') || 'no top-level folder'}, the engine's API and runners/errors.ts`,
  }));
}

/** Who may import whom. `target` files may not import from `from`, except what `except` names. */
const zones = [
  {
    target: './engine',
    from: [
      './records',
      './scenarios',
      './strategies',
      './runners',
      './reports',
      './scripts',
      './bin',
      './test',
    ],
    message: 'engine/ depends on nothing outside engine/',
  },
  {
    target: './records',
    from: ['./scenarios', './strategies', './runners', './reports', './scripts', './bin'],
    message: 'records/ holds the run record for runners and reports; it depends on the engine alone',
  },
  {
    target: './strategies',
    from: ['./records', './scenarios', './runners', './reports', './scripts', './bin'],
    message: 'strategies/ depends on the engine alone',
  },
  {
    target: './scenarios',
    from: ['./records', './strategies', './runners', './reports', './scripts', './bin'],
    message: 'scenarios/ depends on the engine alone; runners read scenarios, not the other way',
  },
  {
    target: './reports',
    from: ['./scenarios', './strategies', './runners', './scripts', './bin'],
    message: 'reports/ reads run records from records/, never from runners/',
  },
  ...['./records', './scenarios', './strategies', './runners', './reports', './scripts'].map((target) => ({
    target,
    from: './engine',
    except: ['./index.ts'],
    message: 'outside engine/, the engine is imported through engine/index.ts, its public API',
  })),
  ...runnerZones(),
  {
    // What keeps the reader honest: it sees only its request, never the scenario or its expected
    // answers. The run loop, the scorer and the reports are closed to it already as to every model
    // (runners/models' zone); the records and scenarios, which a model registry may use, are closed
    // to the reader alone. dependency-cruiser allows it no more than its own files, the engine's API
    // and protocol, and npm packages.
    target: './runners/models/reader',
    from: ['./scenarios', './records'],
    message: 'the reader model answers from its request alone',
  },
];

/**
 * Every error the harness throws has a code of its layer's union and a kind, so the command line's
 * exit status follows from it: errors are WispErrors, never plain Errors.
 */
const errorRules = [
  {
    selector: "NewExpression[callee.name='Error']",
    message:
      "throw an error of your layer's errors.ts (a WispError with a code and a kind), not a plain Error",
  },
  {
    selector: "CallExpression[callee.name='Error']",
    message:
      "throw an error of your layer's errors.ts (a WispError with a code and a kind), not a plain Error",
  },
  {
    selector: "ClassDeclaration[superClass.name='Error']",
    message: "an error class extends WispError, with a code of its layer's union and a kind",
  },
];

/** The engine reaches the outside world only through its ports. */
const engineRules = {
  'import-x/no-nodejs-modules': ['error'],
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: '^[^.]', message: 'engine/ imports no package: it depends on nothing outside engine/' },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    ...[
      'process',
      'console',
      'fetch',
      'setTimeout',
      'setInterval',
      'setImmediate',
      'clearTimeout',
      'clearInterval',
      'clearImmediate',
      'queueMicrotask',
      'performance',
      'crypto',
      'globalThis',
      'require',
      'Buffer',
      'navigator',
    ].map((name) => ({
      name,
      message: 'engine/ reaches time, randomness, timers and the process through its ports',
    })),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'engine/ takes time from the Clock port' },
    { object: 'Math', property: 'random', message: 'engine/ takes ids from the Ids port' },
  ],
  'no-restricted-syntax': [
    'error',
    ...errorRules,
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'new Date() reads the clock: engine/ takes time from the Clock port',
    },
    {
      selector: "CallExpression[callee.name='Date']",
      message: 'Date() reads the clock: engine/ takes time from the Clock port',
    },
  ],
};

export default tseslint.config(
  // Scenario workspaces are the projects a conversation works on (data, with their own conventions),
  // not wisp-eval's code.
  {
    ignores: [
      'node_modules/',
      'dist/',
      'results/',
      'coverage/',
      '.stryker-tmp/',
      'mutation-report/',
      'snapshots/',
      'test/lint/fixtures/',
      'scenarios/workspaces/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    plugins: { 'import-x': importX },
    settings: {
      // Imported modules are parsed as TypeScript too, or a cycle through them goes unseen.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['**/*.ts'],
    ignores: ['test/**'],
    rules: { 'no-restricted-syntax': ['error', ...errorRules] },
  },
  { files: ['engine/**/*.ts'], rules: engineRules },
  {
    // The report page's scripts run in a browser, inlined into report.html: the inspector, then the
    // page's script, which drives it through the one global the inspector declares.
    files: ['reports/html/inspector.js', 'reports/html/client.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['document', 'window', 'location', 'history', 'URLSearchParams', 'CSS'].map((name) => [
          name,
          'readonly',
        ]),
      ),
    },
  },
  {
    files: ['reports/html/client.js'],
    languageOptions: { globals: { reportInspector: 'readonly' } },
  },
);
