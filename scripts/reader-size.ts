/**
 * How big the reader is, in the reader issue's measures: its files and lines, its `if` statements,
 * its regular expressions (their share of the repository's, and how many alternate words, as a list
 * written as a pattern does), and the words it lists: in its
 * lexicon, and in any list of words written in another of its files. The repository is every TypeScript file outside
 * the tests, `node_modules` and `dist`.
 *
 *   npm run -s reader:size -- [--list]
 *
 * With --list, every regular expression of the reader follows, with its file and line, for a review
 * of what each one recognises, and then every list of words outside the lexicon. Exit 2 on a bad command line (one line saying so).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sizeOf, type RegexSite, type SourceFile } from './reader-size/count.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run -s reader:size -- [--list]';
const READER = 'runners/models/reader/';
const LEXICON = `${READER}lexicon.ts`;
/** Folders that hold no source of the harness's own. */
const LEFT_OUT = new Set(['node_modules', 'dist', 'test']);

function refuse(message: string): never {
  process.stderr.write(`reader:size: ${message}; ${USAGE}\n`);
  process.exit(2);
}

/** Every TypeScript source file under `folder` (relative to the repository), in a stable order. */
async function sources(folder: string): Promise<SourceFile[]> {
  const entries = await readdir(path.join(repository, folder), { withFileTypes: true });
  const found: SourceFile[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || LEFT_OUT.has(entry.name)) continue;
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await sources(relative)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
      found.push({ path: relative, text: await readFile(path.join(repository, relative), 'utf8') });
  }
  return found;
}

/** Two words as alternatives in a pattern ("stdout|stderr"): a list of words written as a pattern. */
const WORD_ALTERNATION = /\p{Ll}{3,}\|\p{Ll}{3,}/u;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
const figure = (n: number) => n.toLocaleString('en-US');

async function main(): Promise<void> {
  let list = false;
  try {
    const { values } = parseArgs({
      options: { list: { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: false,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    list = values.list === true;
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  const all = await sources('');
  const reader = all.filter((file) => file.path.startsWith(READER));
  const repo = sizeOf(all);
  const size = sizeOf(reader);
  const lexicon = sizeOf(reader.filter((file) => file.path === LEXICON));
  const rest = sizeOf(reader.filter((file) => file.path !== LEXICON));
  const lines = [
    `reader (${READER}): ${figure(size.files)} files, ${figure(size.lines)} lines ` +
      `(${percent(size.lines, repo.lines)}% of the repository's ${figure(repo.lines)}, tests aside)`,
    `  regular expressions: ${figure(size.regexes.length)} ` +
      `(${percent(size.regexes.length, repo.regexes.length)}% of the repository's ${figure(repo.regexes.length)}); ` +
      `${figure(size.regexes.filter((site) => WORD_ALTERNATION.test(site.text)).length)} of them alternate words`,
    `  if statements: ${figure(size.ifs)}`,
    `  listed words: ${figure(lexicon.listedWords)} in lexicon.ts; ` +
      `${figure(rest.listedWords)} in ${figure(rest.lists.length)} lists of the other files`,
  ];
  if (list) {
    const at = (site: RegexSite) => `  ${site.path.slice(READER.length)}:${site.line}  ${site.text}`;
    lines.push('', 'regular expressions:', ...size.regexes.map(at));
    lines.push('', 'word lists outside lexicon.ts:', ...rest.lists.map(at));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
