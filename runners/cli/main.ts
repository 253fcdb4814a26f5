/**
 * The command line. Handlers return an exit status and print through an IO; only `runMain`, at the
 * bottom, touches the process. Bad input is one line on stderr and exit 2.
 */
import { createRequire } from 'node:module';
import yargs from 'yargs';
import { WispError } from '../../engine/index.js';
import { UsageError } from '../errors.js';
import { terminalText } from '../../reports/inspect/format.js';
import { stopOnSignals } from '../io/interrupt.js';
import { nearestName } from '../../scenarios/nearest-name.js';
import { cacheArg, folderPath } from './arguments.js';
import type { CliIO } from './io.js';
import {
  checkpointOptions,
  compareOptions,
  inspectOptions,
  reportOptions,
  runOptions,
  serveOptions,
  snapshotsOptions,
} from './command-options.js';
import { tooManyOpenFiles } from './open-files.js';

// Each command's module is imported when that command runs: the run loop, the reader's tokenizer,
// execa and the snapshot code cost a few hundred milliseconds to load, which `list` and `validate`
// need not pay.

const EXIT_FOR_KIND = { input: 2, gate: 1, run: 3 } as const;

/** Runs the command line `argv` and returns its exit status. */
export async function main(
  argv: readonly string[],
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  // `--version` alone: this package's version, from its package.json.
  if (argv.length === 1 && argv[0] === '--version') {
    io.out(
      `wisp-eval ${(createRequire(import.meta.url)('wisp-eval/package.json') as { version: string }).version}`,
    );
    return 0;
  }
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
      if (error) throw error;
      throw new UsageError(withNearestFlag(oneLine(message), optionNames(parser)));
    })
    .command('run', 'evaluate scenarios under strategies, models and windows', runOptions, async (a) => {
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
          retryFailed: a.retryFailed,
          ...(a.acceptChanged ? { acceptChanged: true } : {}),
          timeout: a.timeout,
          ...(a.out !== undefined ? { out: a.out } : {}),
          ...(a.host !== undefined ? { host: a.host } : {}),
          ...(a.baseUrl !== undefined ? { baseUrl: a.baseUrl } : {}),
          ...(a.jobs !== undefined ? { jobs: a.jobs } : {}),
          ...(a.shard !== undefined ? { shard: a.shard } : {}),
          ...(a.resume !== undefined ? { resume: a.resume } : {}),
          ...(a.replay !== undefined ? { replay: a.replay } : {}),
          ...(cacheArg(a.cache) !== undefined ? { cache: cacheArg(a.cache) as string | false } : {}),
        },
        io,
        env,
      );
    })
    .command(
      'checkpoint [spec]',
      'run a checkpoint spec (.yaml, .json or .ts): its matrix of scenarios, strategies, models and windows',
      checkpointOptions,
      async (a) => {
        const { checkpointCommand } = await import('./commands/checkpoint.js');
        status = await checkpointCommand(
          {
            json: a.json,
            verbose: a.verbose,
            retryFailed: a.retryFailed,
            ...(a.acceptChanged ? { acceptChanged: true } : {}),
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
      reportOptions,
      async (a) => {
        const { reportCommand } = await import('./commands/report.js');
        status = await reportCommand(
          {
            dirs: a.dirs,
            json: a.json,
            ...(a.out !== undefined ? { out: a.out } : {}),
            ...(a.prefer !== undefined ? { prefer: a.prefer } : {}),
          },
          io,
          env,
        );
      },
    )
    .command(
      'compare <baseline> [candidate]',
      'compare two results folders, or two strategies, models or windows, on their common cells',
      compareOptions,
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
            ...(a.baselineModel !== undefined ? { baselineModel: a.baselineModel } : {}),
            ...(a.candidateModel !== undefined ? { candidateModel: a.candidateModel } : {}),
            ...(a.baselineWindow !== undefined ? { baselineWindow: a.baselineWindow } : {}),
            ...(a.candidateWindow !== undefined ? { candidateWindow: a.candidateWindow } : {}),
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
      snapshotsOptions,
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
      serveOptions,
      async (a) => {
        const { serveCommand } = await import('./commands/serve.js');
        status = await serveCommand({ port: a.port, context: a.context }, io);
      },
    )
    .command(
      'inspect <dir>',
      'the context a run composed at the start of turn N, entry by entry; without --turn, what changed at each turn',
      inspectOptions,
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
      io.err(`wisp-eval: ${terminalText(error.message)}`);
      return EXIT_FOR_KIND[error.kind];
    }
    io.err(unexpectedFailure(error, argv.includes('--debug')));
    return EXIT_FOR_KIND.run;
  }
  return status;
}

/**
 * The line for a failure nobody foresaw: its message, and its stack only under `--debug`, so a
 * person sees one line and a report can still carry the trace.
 */
export function unexpectedFailure(error: unknown, debug: boolean): string {
  const exhausted = tooManyOpenFiles(error);
  if (exhausted !== null && !debug) return exhausted;
  const message = error instanceof Error ? error.message : String(error);
  if (debug && error instanceof Error && error.stack !== undefined)
    return `wisp-eval: unexpected failure: ${error.stack}`;
  const first = message.split('\n')[0] ?? message;
  return `wisp-eval: unexpected failure: ${terminalText(first)} (run again with --debug for the stack trace)`;
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
  // The commands that make runs stop between them on SIGINT or SIGTERM; the others end as before.
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (command === 'run' || command === 'checkpoint')
    stopOnSignals(() =>
      io.err('wisp-eval: stopping: no new run starts, the runs in hand finish (again to stop at once)'),
    );
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

/** The options the command being parsed knows (yargs keeps them on the instance, untyped). */
function optionNames(parser: unknown): string[] {
  const withOptions = parser as { getOptions?: () => { key?: Record<string, unknown> } };
  return Object.keys(withOptions.getOptions?.().key ?? {});
}

/**
 * yargs' "Unknown argument: stratgy" with the nearest option named: "Unknown argument: stratgy (did
 * you mean --strategy?)". Other messages are returned as they are.
 */
export function withNearestFlag(message: string, options: readonly string[]): string {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (!unknown) return message;
  const hints = (unknown[1] ?? '').split(', ').flatMap((typed) => {
    const nearest = nearestName(typed.replace(/^-+/, ''), options);
    return nearest === undefined ? [] : [`--${typed.replace(/^-+/, '')}: did you mean --${nearest}?`];
  });
  return hints.length === 0 ? message : `${message} (${hints.join('; ')})`;
}
