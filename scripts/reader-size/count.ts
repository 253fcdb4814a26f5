/**
 * The size of TypeScript source as the reader issue measures it: its lines, its `if` statements, its
 * regular expressions (literals and `new RegExp(…)`/`RegExp(…)` calls) and the words a file lists. Read with the TypeScript parser, so a slash in a comment, a string or a
 * division is no regular expression.
 */
import ts from 'typescript';

/** One source file: its path as printed, and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** Where a regular expression is written, and how. */
export interface RegexSite {
  path: string;
  line: number;
  text: string;
}

/** What one file, or a set of files, holds. */
export interface SourceSize {
  files: number;
  lines: number;
  ifs: number;
  regexes: RegexSite[];
  /**
   * The words in the file's word lists: arrays of two or more strings that are all words, and the
   * strings passed to `words(…)`. A word is a letter, then letters, apostrophes or hyphens.
   * Templates with substitutions are left out.
   */
  listedWords: number;
  /** Where each word list is written. */
  lists: RegexSite[];
}

const WORD = /\p{L}[\p{L}'’-]*/gu;
/**
 * A string of words only, as English writes them: a lower-case letter, then letters, apostrophes,
 * hyphens and white space. Tags in capitals ("NOUN") are no words.
 */
const ONLY_WORDS = /^\s*\p{Ll}[\p{L}'’\s-]*$/u;

const countWords = (text: string) => text.match(WORD)?.length ?? 0;

/** The size of one file. */
export function sizeOfFile(file: SourceFile): SourceSize {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const size: SourceSize = {
    files: 1,
    lines: file.text === '' ? 0 : file.text.split('\n').length - (file.text.endsWith('\n') ? 1 : 0),
    ifs: 0,
    regexes: [],
    listedWords: 0,
    lists: [],
  };
  const site = (node: ts.Node): RegexSite => ({
    path: file.path,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    text: node.getText(source).replace(/\s+/g, ' '),
  });
  const visit = (node: ts.Node): void => {
    if (ts.isIfStatement(node)) size.ifs++;
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) size.regexes.push(site(node));
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    )
      size.regexes.push(site(node));
    const strings = (nodes: readonly ts.Node[]) =>
      nodes.every((item) => ts.isStringLiteralLike(item) && ONLY_WORDS.test(item.text));
    if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2 && strings(node.elements)) {
      size.lists.push(site(node));
      for (const item of node.elements) size.listedWords += countWords((item as ts.StringLiteralLike).text);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'words' &&
      node.arguments.length > 0 &&
      node.arguments.every(ts.isStringLiteralLike)
    ) {
      size.lists.push(site(node));
      for (const item of node.arguments) size.listedWords += countWords((item as ts.StringLiteralLike).text);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return size;
}

/** The size of several files together. */
export function sizeOf(files: readonly SourceFile[]): SourceSize {
  const total: SourceSize = { files: 0, lines: 0, ifs: 0, regexes: [], listedWords: 0, lists: [] };
  for (const file of files) {
    const size = sizeOfFile(file);
    total.files += size.files;
    total.lines += size.lines;
    total.ifs += size.ifs;
    total.regexes.push(...size.regexes);
    total.listedWords += size.listedWords;
    total.lists.push(...size.lists);
  }
  return total;
}
