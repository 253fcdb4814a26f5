/**
 * The command line. Handlers return an exit status and print through an IO; only `runMain`, at the
 * bottom, touches the process. Bad input is one line on stderr and exit 2.
 */
import yargs from 'yargs';
import { WispError } from '../../engine/index.js';
import { UsageError } from '../errors.js';
import type { CliIO } from './io.js';

// Each command's module is imported when that command runs: the run loop, the reader's tokenizer,
// execa and the snapshot code cost a few hundred milliseconds to load, which `list` and `validate`
// need not pay.

const EXIT_FOR_KIND = { input: 2, gate: 1, run: 3 } as const;

/**
 * Reads a whole number written in decimal, as the option `--name` takes it: yargs' own numbers also
 * take hexadecimal (`--port 0x50` served on port 80), exponents and fractions, which are refused here
 * with the text typed.
 */
function decimal(name: string): (raw: unknown) => number {
  return (raw) => {
    const text = String(Array.isArray(raw) ? raw.at(-1) : raw).trim();
    if (!/^\d+$/.test(text))
      throw new UsageError(`--${name} ${JSON.stringify(text)}: give a whole number in decimal digits`);
    return Number(text);
  };
}

/** A folder's path as `--name` takes it: an empty one would mean the current folder, and is refused. */
function folderPath(name: string): (raw: unknown) => string {
  return (raw) => {
    const text = String(Array.isArray(raw) ? raw.at(-1) : raw);
    if (text.trim() === '') throw new UsageError(`--${name} '': name a folder`);
    return text;
  };
}

/** `decimal` for an option given any number of times. */
function decimals(name: string): (raw: unknown) => number[] {
  const one = decimal(name);
  return (raw) => (Array.isArray(raw) ? raw : [raw]).map((value) => one(value));
}

/** Runs the command line `argv` and returns its exit status. */
export async function main(
  argv: readonly string[],
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  let status = 0;
  const parser = yargs([...argv])
    .scriptName('wisp-eval')
    .strict()
    .help()
    .version(false)
    .exitProcess(false)
    .wrap(100)
    .option('debug', {
      type: 'boolean',
      default: false,
      describe: 'print the stack trace of an unexpected failure (else one line)',
    })
    .fail((message, error) => {
      // Stop here: a handler must never run on input that failed validation. yargs' own errors
      // (YError), a refusal of an option's value among them, are bad input.
      if (error?.name === 'YError') throw new UsageError(oneLine(error.message));
      throw error ?? new UsageError(oneLine(message));
    })
    .command(
      'run',
      'evaluate scenarios under strategies, models and windows',
      (y) =>
        y
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
            type: 'number',
            default: 600,
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
          .option('replay', {
            type: 'string',
            describe:
              "answer every model call from results folder DIR's recording; a request that differs fails the run (exit 1)",
          })
          .option('cache', {
            type: 'string',
            describe:
              "keep server models' answers in folder DIR and answer a request it holds without a call; --no-cache: call every time",
          })
          .option('accept-changed', {
            type: 'boolean',
            default: false,
            describe: '--resume: go on although a scenario file or the spec changed since the folder began',
          }),
      async (a) => {
        const { runCommand } = await import('./commands/run.js');
        status = await runCommand(
          {
            scenario: a.scenario,
            strategy: a.strategy,
            model: a.model,
            window: a.window,
            runs: a.runs,
            set: a.set,
            json: a.json,
            timeout: a.timeout,
            ...(a.out !== undefined ? { out: a.out } : {}),
            ...(a.host !== undefined ? { host: a.host } : {}),
            ...(a.baseUrl !== undefined ? { baseUrl: a.baseUrl } : {}),
            ...(a.jobs !== undefined ? { jobs: a.jobs } : {}),
            ...(a.shard !== undefined ? { shard: a.shard } : {}),
            ...(a.resume !== undefined ? { resume: a.resume } : {}),
            ...(a.replay !== undefined ? { replay: a.replay } : {}),
            ...(cacheArg(a.cache) !== undefined ? { cache: cacheArg(a.cache) as string | false } : {}),
            ...(a.acceptChanged ? { acceptChanged: true } : {}),
          },
          io,
          env,
        );
      },
    )
    .command(
      'checkpoint [spec]',
      'run a checkpoint spec (.yaml, .json or .ts): its matrix of scenarios, strategies, models and windows',
      (y) =>
        y
          .positional('spec', { type: 'string', describe: 'the spec file' })
          .option('out', {
            type: 'string',
            coerce: folderPath('out'),
            describe: 'results folder (default results/<name>-<time>)',
          })
          .option('resume', { type: 'string', describe: 'finish the results folder DIR' })
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
          .option('replay', {
            type: 'string',
            describe: "answer every model call from results folder DIR's recording (exit 1 on a difference)",
          })
          .option('cache', {
            type: 'string',
            describe:
              "keep server models' answers in folder DIR and answer a request it holds without a call; --no-cache: call every time",
          })
          .option('accept-changed', {
            type: 'boolean',
            default: false,
            describe: '--resume: go on although a scenario file or the spec changed since the folder began',
          }),
      async (a) => {
        const { checkpointCommand } = await import('./commands/checkpoint.js');
        status = await checkpointCommand(
          {
            json: a.json,
            ...(a.spec !== undefined ? { spec: a.spec } : {}),
            ...(a.out !== undefined ? { out: a.out } : {}),
            ...(a.resume !== undefined ? { resume: a.resume } : {}),
            ...(a.shard !== undefined ? { shard: a.shard } : {}),
            ...(a.jobs !== undefined ? { jobs: a.jobs } : {}),
            ...(a.replay !== undefined ? { replay: a.replay } : {}),
            ...(cacheArg(a.cache) !== undefined ? { cache: cacheArg(a.cache) as string | false } : {}),
            ...(a.acceptChanged ? { acceptChanged: true } : {}),
          },
          io,
          env,
        );
      },
    )
    .command(
      'report <dirs..>',
      'combine results folders, write their reports and print the summary of each cell',
      (y) =>
        y
          .positional('dirs', {
            type: 'string',
            array: true,
            demandOption: true,
            describe: 'results folders',
          })
          .option('out', { type: 'string', describe: 'write the reports here (default: the first folder)' })
          .option('json', {
            type: 'boolean',
            default: false,
            describe: "print each cell's statistics as one JSON line",
          }),
      async (a) => {
        const { reportCommand } = await import('./commands/report.js');
        status = await reportCommand(
          { dirs: a.dirs, json: a.json, ...(a.out !== undefined ? { out: a.out } : {}) },
          io,
          env,
        );
      },
    )
    .command(
      'compare <baseline> [candidate]',
      'compare two results folders, or two strategies, on their common cells',
      (y) =>
        y
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
          .option('fail-if', {
            type: 'string',
            array: true,
            default: [],
            describe:
              'exit 1 when a cell crosses FIGURE-drop=AMOUNT or FIGURE-rise=AMOUNT (AMOUNT or AMOUNT%)',
          })
          .option('json', {
            type: 'boolean',
            default: false,
            describe: 'print the comparison as one JSON object',
          }),
      async (a) => {
        const { compareCommand } = await import('./commands/compare.js');
        status = await compareCommand(
          {
            baseline: a.baseline,
            failIf: a.failIf,
            json: a.json,
            ...(a.candidate !== undefined ? { candidate: a.candidate } : {}),
            ...(a.baselineStrategy !== undefined ? { baselineStrategy: a.baselineStrategy } : {}),
            ...(a.candidateStrategy !== undefined ? { candidateStrategy: a.candidateStrategy } : {}),
          },
          io,
        );
      },
    )
    .command(
      'list <what>',
      'list scenarios, strategies or models',
      (y) =>
        y.positional('what', {
          type: 'string',
          choices: ['scenarios', 'strategies', 'models'],
          demandOption: true,
        }),
      async (a) => {
        const { listCommand } = await import('./commands/list.js');
        status = await listCommand(a.what, io);
      },
    )
    .command(
      'validate <file>',
      'check a scenario file',
      (y) => y.positional('file', { type: 'string', demandOption: true }),
      async (a) => {
        const { validateCommand } = await import('./commands/validate.js');
        status = await validateCommand(a.file, io);
      },
    )
    .command(
      'snapshots <action>',
      'check, record or diff the equivalence snapshots of snapshots/manifest.json',
      (y) =>
        y
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
          .option('against', { type: 'string', describe: 'diff: the commit, branch or tag to compare with' }),
      async (a) => {
        const { snapshotsCommand } = await import('./commands/snapshots.js');
        status = await snapshotsCommand(
          {
            action: a.action,
            scenario: a.scenario,
            strategy: a.strategy,
            ...(a.out !== undefined ? { out: a.out } : {}),
            ...(a.against !== undefined ? { against: a.against } : {}),
            ...(a.live !== undefined ? { live: a.live } : {}),
            ...(a.model !== undefined ? { model: a.model } : {}),
            ...(a.host !== undefined ? { host: a.host } : {}),
            ...(a.baseUrl !== undefined ? { baseUrl: a.baseUrl } : {}),
          },
          io,
          env,
        );
      },
    )
    .command(
      'rescore <dir>',
      "score a results folder's recorded replies again against the scenarios as they are now, calling no model",
      (y) =>
        y
          .positional('dir', { type: 'string', demandOption: true, describe: 'a results folder' })
          .option('scenario', {
            type: 'string',
            array: true,
            default: [],
            describe: 'built-in name or file to score against',
          })
          .option('out', {
            type: 'string',
            coerce: folderPath('out'),
            describe: 'write the new records and reports to a copy here',
          })
          .option('in-place', {
            type: 'boolean',
            default: false,
            describe: "write them over the folder's own",
          }),
      async (a) => {
        const { rescoreCommand } = await import('./commands/rescore.js');
        const { dir, scenario, inPlace } = a;
        status = await rescoreCommand(
          { dir, scenario, inPlace, ...(a.out !== undefined ? { out: a.out } : {}) },
          io,
          env,
        );
      },
    )
    .command(
      'cache <action> <dir>',
      'clear an answer cache that --cache filled',
      (y) =>
        y
          .positional('action', { type: 'string', choices: ['clear'] as const, demandOption: true })
          .positional('dir', { type: 'string', demandOption: true, describe: 'the cache folder' }),
      async (a) => {
        const { clearCache } = await import('../models/cache/answer-cache.js');
        const removed = await clearCache(a.dir);
        io.out(`cache ${a.dir}: ${removed} ${removed === 1 ? 'answer' : 'answers'} removed`);
        status = 0;
      },
    )
    .command(
      'serve',
      'serve the reader over HTTP as an Ollama and an OpenAI-compatible server, on 127.0.0.1',
      (y) =>
        y
          .option('port', {
            type: 'string',
            default: '11434',
            coerce: decimal('port'),
            describe: 'port to listen on (0: any free one)',
          })
          .option('context', {
            type: 'number',
            default: 131072,
            describe: "the models' trained context length, and the OpenAI form's context size",
          }),
      async (a) => {
        const { serveCommand } = await import('./commands/serve.js');
        status = await serveCommand({ port: a.port, context: a.context }, io);
      },
    )
    .command(
      'inspect <dir>',
      'the context a run composed at the start of turn N, entry by entry; without --turn, what changed at each turn',
      (y) =>
        y
          .positional('dir', { type: 'string', demandOption: true, describe: 'a results folder' })
          .option('run', { type: 'string', describe: 'the run id (from runs.jsonl)' })
          .option('turn', { type: 'number', describe: 'the turn whose context to show' })
          .option('changes', {
            type: 'boolean',
            describe: 'what changed at each turn (the default without --turn)',
          })
          .option('full', { type: 'boolean', default: false, describe: "print each entry's text whole" })
          .conflicts('turn', 'changes'),
      async (a) => {
        const { inspectCommand } = await import('./commands/inspect.js');
        status = await inspectCommand(
          {
            dir: a.dir,
            full: a.full,
            ...(a.run !== undefined ? { run: a.run } : {}),
            ...(a.turn !== undefined ? { turn: a.turn } : {}),
          },
          io,
        );
      },
    )
    .command(
      'html <dir>',
      "write a results folder's report.html again: charts, tables and the context inspector in one page",
      (y) => y.positional('dir', { type: 'string', demandOption: true, describe: 'a results folder' }),
      async (a) => {
        const { htmlCommand } = await import('./commands/html.js');
        status = await htmlCommand(a.dir, io);
      },
    )
    .demandCommand(
      1,
      'name a command: run, checkpoint, report, compare, inspect, html, rescore, list, validate, snapshots, cache or serve',
    );
  try {
    await parser.parseAsync();
  } catch (error) {
    if (error instanceof WispError) {
      io.err(`wisp-eval: ${error.message}`);
      return EXIT_FOR_KIND[error.kind];
    }
    io.err(unexpectedFailure(error, argv.includes('--debug')));
    return EXIT_FOR_KIND.run;
  }
  return status;
}

/** `--cache DIR` as given, `--no-cache` as false, neither as undefined. */
function cacheArg(value: unknown): string | false | undefined {
  if (value === false) return false;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The line for a failure nobody foresaw: its message, and its stack only under `--debug`, so a
 * person sees one line and a report can still carry the trace.
 */
export function unexpectedFailure(error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  if (debug && error instanceof Error && error.stack !== undefined)
    return `wisp-eval: unexpected failure: ${error.stack}`;
  const first = message.split('\n')[0] ?? message;
  return `wisp-eval: unexpected failure: ${first} (run again with --debug for the stack trace)`;
}

/** The process entry: real argv, real streams, real exit status. */
export async function runMain(): Promise<void> {
  // A reader that stops early (`| head`) closes the pipe; what is left to print has nobody to read it.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? 0);
    });
  }
  const io: CliIO = {
    out: (line) => process.stdout.write(line + '\n'),
    err: (line) => process.stderr.write(line + '\n'),
    // On a terminal, progress is one line rewritten in place.
    ...(process.stderr.isTTY ? { status: (line: string) => process.stderr.write(`\r\x1b[K${line}`) } : {}),
    // Colour only on a terminal, and never when NO_COLOR is set to anything (no-color.org).
    colour: process.stdout.isTTY === true && !process.env['NO_COLOR'],
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
  };
  try {
    process.exitCode = await main(process.argv.slice(2), io, process.env);
  } catch (error) {
    io.err(unexpectedFailure(error, process.argv.includes('--debug')));
    process.exitCode = 3;
  }
}

/**
 * A message of yargs' as one line: its "Invalid values" list ("Argument: what, Given: ..., Choices:
 * ...") becomes "what: "bogus" is not one of ...", and any other line breaks become spaces.
 */
export function oneLine(message: string): string {
  const invalid = /^Invalid values:\s*Argument: (\S+), Given: (.*), Choices: (.*)$/s.exec(message.trim());
  if (invalid) return `${invalid[1]}: ${invalid[2]} is not one of ${invalid[3]?.trim()}`;
  return message.replace(/\s*\n\s*/g, ' ').trim();
}
