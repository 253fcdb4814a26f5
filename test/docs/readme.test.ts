/**
 * The README is a page a newcomer reads first: its two commands, its sample and its command line must
 * stay what the code does, and every link in it and in docs/ must lead somewhere.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import {
  blockStartingWith,
  fencedBlocks,
  headingAnchors,
  linkTargets,
  readDoc,
  repoRoot,
} from './markdown.js';

const readme = readDoc('README.md');

let dir: string;
/** The README's sample command as made here: its exit status, what it printed, where it wrote. */
let sample: { lines: string[]; status: number; stdout: string[]; out: string };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-docs-'));
  const lines = blockStartingWith(readme, '$ npm run -s eval -- run ').text.split('\n');
  const command = (lines[0] ?? '').replace('$ npm run -s eval -- ', '');
  const io = bufferIO();
  const out = join(dir, 'sample');
  const status = await main([...command.split(' '), '--out', out, '--jobs', '1'], io);
  sample = { lines, status, stdout: io.stdout, out };
  // Two runs of codename: seconds on a quiet machine, longer on a busy one.
}, 300_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What varies between two makings of one run: its times and where its results went. */
function masked(lines: readonly string[]): string[] {
  return lines.map((line) =>
    line
      .replace(/^(codename .*\s)\d+(\.\d+)?s$/, '$1TIME')
      .replace(/^(-{8}(?: +-+)+ +)-+$/, '$1TIME')
      .replace(/^results: .*$/, 'results: DIR'),
  );
}

/** What `main` prints through yargs' help, which writes to the console rather than the IO. */
async function helpOf(argv: string[]): Promise<string> {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.join(' '));
  });
  try {
    expect(await main([...argv, '--help'], bufferIO())).toBe(0);
  } finally {
    log.mockRestore();
  }
  return printed.join('\n');
}

describe('the README', () => {
  it('is a page of at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('opens with the command that evaluates and the command that tests, which CI runs as written', () => {
    const first = fencedBlocks(readme)[0];
    expect(first?.text.split('\n')).toEqual([
      'npm ci && npm run -s eval -- run --scenario codename --strategy dropping --window 8192 --window 32768',
      'npm run -s setup && npm ci && npm test',
    ]);
    const scripts = (JSON.parse(readDoc('package.json')) as { scripts: Record<string, string> }).scripts;
    const ci = readDoc('.ci/run')
      .split('\n')
      .filter(
        (line) => line !== '' && !line.startsWith('#') && !line.startsWith('set ') && !line.startsWith('cd '),
      );
    // `npm run setup`, `npm ci` (with quieter output) and `npm test`, in that order.
    expect(ci).toEqual([scripts.setup, 'npm ci --no-audit --no-fund', 'npm test']);
  });

  it("shows the sample table the command prints, apart from times and the results folder's name", () => {
    expect(sample.status).toBe(0);
    expect(masked(sample.stdout)).toEqual(masked(sample.lines.slice(1)));
  });

  it('names only commands and options the command line has', async () => {
    const synopsis = blockStartingWith(readme, 'wisp-eval run ').text;
    const commands = new Map<string, Set<string>>();
    let current = '';
    for (const line of synopsis.split('\n')) {
      const named = /^wisp-eval (\S+)/.exec(line);
      if (named !== null) current = named[1] ?? '';
      const options = commands.get(current) ?? new Set<string>();
      for (const m of line.matchAll(/--[a-z][a-z-]*/g)) options.add(m[0]);
      commands.set(current, options);
    }
    expect([...commands.keys()].sort()).toEqual(
      [
        'cache',
        'checkpoint',
        'compare',
        'html',
        'inspect',
        'list',
        'report',
        'rescore',
        'run',
        'serve',
        'snapshots',
        'validate',
      ].sort(),
    );
    const top = await helpOf([]);
    for (const [command, options] of commands) {
      expect(top).toContain(`wisp-eval ${command}`);
      const help = await helpOf(command === 'snapshots' ? ['snapshots', 'check'] : [command]);
      for (const option of options) {
        if (command === 'snapshots' && option === '--against') {
          expect(await helpOf(['snapshots', 'diff'])).toContain(option);
          continue;
        }
        expect(help, `${command} ${option}`).toContain(option);
      }
    }
  });
});

/** The field names of the table under "## The run record" in docs/results.md, in order. */
function documentedFields(): string[] {
  const section = readDoc('docs/results.md').split('## The run record')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));
}

describe('the run record in docs/results.md', () => {
  it('names every field of a record, in its order, and only those besides the optional ones', async () => {
    const first = (await readFile(join(sample.out, 'runs.jsonl'), 'utf8')).split('\n')[0] ?? '{}';
    const record = JSON.parse(first) as Record<string, unknown>;
    const optional = ['models', 'backend', 'replayed', 'replayMismatch', 'cache', 'unreadFiles'];
    const documented = documentedFields();
    expect(documented.filter((field) => !optional.includes(field))).toEqual(Object.keys(record));
    expect(documented.slice(-optional.length)).toEqual(optional);
  });
});

describe('the links of the README, CONTRIBUTING.md and docs/', () => {
  const pages = [
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync(join(repoRoot, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const text = readDoc(page);
    for (const target of linkTargets(text)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? page : normalize(join(dirname(page), path));
      expect(existsSync(join(repoRoot, file)), `${page} → ${target}`).toBe(true);
      if (anchor !== undefined && file.endsWith('.md')) {
        expect([...headingAnchors(readDoc(file))], `${page} → ${target}`).toContain(anchor);
      }
    }
  });
});
