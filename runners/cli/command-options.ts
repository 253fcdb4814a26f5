/**
 * The options of each command with their help text, as `main` registers them; the values they take
 * are read by ./arguments.ts.
 */
import type { Argv } from 'yargs';
import { decimal, decimalNumber, decimals, folderPath } from './arguments.js';

/** `--retry-failed` and `--accept-changed`: how `run` and `checkpoint` resume a folder. */
const RETRY_FAILED = {
  type: 'boolean',
  default: false,
  describe:
    'with --resume: make again every run that failed (its model or sandbox failed); its new record replaces the old',
} as const;
const ACCEPT_CHANGED = {
  type: 'boolean',
  default: false,
  describe: '--resume: go on although a scenario file or the spec changed since the folder began',
} as const;

export function runOptions<T>(y: Argv<T>) {
  return y
    .option('scenario', {
      type: 'string',
      array: true,
      default: [],
      describe: 'built-in name or .json/.yaml path',
    })
    .option('strategy', {
      type: 'string',
      array: true,
      default: ['dropping'],
      describe: 'strategy name',
    })
    .option('model', { type: 'string', array: true, default: ['reader'], describe: 'model name' })
    .option('window', {
      type: 'string',
      array: true,
      default: ['8192'],
      coerce: decimals('window'),
      describe: 'window in tokens',
    })
    .option('runs', {
      type: 'string',
      default: '1',
      coerce: decimal('runs'),
      describe: 'runs of each combination',
    })
    .option('set', { type: 'string', array: true, default: [], describe: 'setting override key=value' })
    .option('out', {
      type: 'string',
      coerce: folderPath('out'),
      describe: 'results folder (default results/<name>-<time>)',
    })
    .option('host', {
      type: 'string',
      array: true,
      describe:
        'Ollama server for ollama:<model> (default OLLAMA_HOST, else http://127.0.0.1:11434); several make a pool, one run at a time on each',
    })
    .option('base-url', {
      type: 'string',
      describe:
        'OpenAI-compatible API for openai:<model>, e.g. http://127.0.0.1:8080/v1 (default OPENAI_BASE_URL)',
    })
    .option('timeout', {
      type: 'string',
      default: '600',
      coerce: decimalNumber('timeout'),
      describe: 'seconds a model call may take before it is aborted',
    })
    .option('json', {
      type: 'boolean',
      default: false,
      describe: 'print each run record as one JSON line',
    })
    .option('jobs', {
      type: 'string',
      coerce: decimal('jobs'),
      describe: "runs at once (default: the machine's cores)",
    })
    .option('shard', { type: 'string', describe: 'i/n: only the i-th of n slices of the runs' })
    .option('resume', {
      type: 'string',
      describe: 'finish the results folder DIR that an interrupted invocation began',
    })
    .option('retry-failed', RETRY_FAILED)
    .option('accept-changed', ACCEPT_CHANGED)
    .option('replay', {
      type: 'string',
      describe:
        "answer every model call from results folder DIR's recording; a request that differs fails the run (exit 1)",
    })
    .option('cache', {
      type: 'string',
      describe:
        "keep server models' answers in folder DIR and answer a request it holds without a call; --no-cache: call every time",
    });
}

export function checkpointOptions<T>(y: Argv<T>) {
  return y
    .positional('spec', { type: 'string', describe: 'the spec file' })
    .option('out', {
      type: 'string',
      coerce: folderPath('out'),
      describe: 'results folder (default results/<name>-<time>)',
    })
    .option('resume', { type: 'string', describe: 'finish the results folder DIR' })
    .option('retry-failed', RETRY_FAILED)
    .option('accept-changed', ACCEPT_CHANGED)
    .option('shard', { type: 'string', describe: 'i/n: only the i-th of n slices of the runs' })
    .option('jobs', {
      type: 'string',
      coerce: decimal('jobs'),
      describe: "runs at once (default: the machine's cores)",
    })
    .option('json', {
      type: 'boolean',
      default: false,
      describe: 'print each run record as one JSON line',
    })
    .option('verbose', {
      type: 'boolean',
      default: false,
      describe: "print a row per run before the cells' table (a terminal showing progress always does)",
    })
    .option('replay', {
      type: 'string',
      describe: "answer every model call from results folder DIR's recording (exit 1 on a difference)",
    })
    .option('cache', {
      type: 'string',
      describe:
        "keep server models' answers in folder DIR and answer a request it holds without a call; --no-cache: call every time",
    });
}

export function reportOptions<T>(y: Argv<T>) {
  return y
    .positional('dirs', {
      type: 'string',
      array: true,
      demandOption: true,
      describe: 'results folders',
    })
    .option('out', { type: 'string', describe: 'write the reports here (default: the first folder)' })
    .option('prefer', {
      type: 'string',
      choices: ['first', 'last'] as const,
      describe:
        "of two records of one run that differ only in timings, keep the first folder's or the last's",
    })
    .option('json', {
      type: 'boolean',
      default: false,
      describe: "print each cell's statistics as one JSON line",
    });
}

export function compareOptions<T>(y: Argv<T>) {
  return y
    .positional('baseline', { type: 'string', demandOption: true, describe: 'baseline results folder' })
    .positional('candidate', {
      type: 'string',
      describe: 'candidate results folder (default: the baseline)',
    })
    .option('baseline-strategy', {
      type: 'string',
      describe: "compare this strategy's runs of the baseline",
    })
    .option('candidate-strategy', {
      type: 'string',
      describe: "with this strategy's runs of the candidate",
    })
    .option('baseline-model', {
      type: 'string',
      describe: "compare this model's runs of the baseline",
    })
    .option('candidate-model', {
      type: 'string',
      describe: "with this model's runs of the candidate",
    })
    .option('baseline-window', {
      type: 'string',
      coerce: decimal('baseline-window'),
      describe: "compare this window's runs of the baseline (tokens)",
    })
    .option('candidate-window', {
      type: 'string',
      coerce: decimal('candidate-window'),
      describe: "with this window's runs of the candidate (tokens)",
    })
    .option('fail-if', {
      type: 'string',
      array: true,
      default: [],
      describe: 'exit 1 when a cell crosses FIGURE-drop=AMOUNT or FIGURE-rise=AMOUNT (AMOUNT or AMOUNT%)',
    })
    .option('json', {
      type: 'boolean',
      default: false,
      describe: 'print the comparison as one JSON object',
    });
}

export function snapshotsOptions<T>(y: Argv<T>) {
  return y
    .positional('action', {
      type: 'string',
      choices: ['check', 'record', 'diff'] as const,
      demandOption: true,
    })
    .option('scenario', {
      type: 'string',
      array: true,
      default: [],
      describe: 'only runs of this scenario',
    })
    .option('strategy', {
      type: 'string',
      array: true,
      default: [],
      describe: 'only runs of this strategy',
    })
    .option('out', { type: 'string', describe: 'record: write the snapshots into this folder instead' })
    .option('model', {
      type: 'string',
      describe: 'record: record the chosen runs on this model (e.g. ollama:NAME) as runs of their own',
    })
    .option('host', { type: 'string', describe: 'the Ollama server of an ollama: model' })
    .option('base-url', { type: 'string', describe: 'the OpenAI-compatible API of an openai: model' })
    .option('live', {
      type: 'boolean',
      describe:
        "check: also make each run on its model and compare, so that the model's answers are checked too",
    })
    .option('against', { type: 'string', describe: 'diff: the commit, branch or tag to compare with' });
}

export function serveOptions<T>(y: Argv<T>) {
  return y
    .option('port', {
      type: 'string',
      default: '11434',
      coerce: decimal('port'),
      describe: 'port to listen on (0: any free one)',
    })
    .option('context', {
      type: 'string',
      default: '131072',
      coerce: decimal('context'),
      describe: "the models' trained context length, and the OpenAI form's context size",
    });
}

export function inspectOptions<T>(y: Argv<T>) {
  return y
    .positional('dir', { type: 'string', demandOption: true, describe: 'a results folder' })
    .option('run', { type: 'string', describe: 'the run id (from runs.jsonl)' })
    .option('turn', { type: 'string', coerce: decimal('turn'), describe: 'the turn whose context to show' })
    .option('changes', {
      type: 'boolean',
      describe: 'what changed at each turn (the default without --turn)',
    })
    .option('full', { type: 'boolean', default: false, describe: "print each entry's text whole" })
    .conflicts('turn', 'changes');
}
