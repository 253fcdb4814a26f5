/**
 * The reader lists its words in one place, `runners/models/reader/lexicon.ts` (issue 23). This test
 * reads every other non-test `.ts` file of the reader with TypeScript's parser and fails, naming
 * file:line, where one writes words of its own:
 *
 * - **A pattern of words.** A regular expression literal, or a `new RegExp` whose first argument is
 *   made of string or template literals (joined with `+`, `String.raw` included; what a `${…}`
 *   puts in comes from elsewhere, so it counts as no letters), that holds a run of three or more
 *   lower-case letters outside a character class and not right after a backslash. Such a run is a
 *   word; `\bfoo`, `(?:alpha|beta)` and `every\s+` are words, while `\p{Lu}`, `[a-z]`, `\d+`, `(?<!x)`
 *   and a group's name are not. The only patterns of words allowed are the markers of the harness's
 *   own texts (MARKERS below: the engine's frames and notes, its tools' outputs, the memory tool's
 *   requests), each named with the text it reads: they recognise a format, not English.
 *
 * - **A list of words.** A string literal (not a template, not an import path; comments are no
 *   literals) of two or more lower-case words parted by spaces or `|`, where it is made into a list:
 *   an argument of `words(`, `phrases(`, `stemSet(`, `new Set(`, `new Map(` or `new Phrases(` (also
 *   inside an array or a `+` in that argument), the text a `.split(` call parts, or an element of an
 *   array literal that a module-level constant holds. That is how a list of words is written in
 *   code; the reader's replies ("no reason given", "the file", "no tool to read files") are strings
 *   too, but they are never made into a list, so telling the two apart by their use needs no list of
 *   the reader's replies, which a new reply would otherwise have to join. A list written some other
 *   way (a chain of `===` comparisons) escapes this check and is left to review.
 *
 * `fileFindings` is checked itself on small fixtures, so a broken check cannot pass quietly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const READER = fileURLToPath(new URL('../../../../runners/models/reader/', import.meta.url));

/** The one file allowed to list words. */
const LEXICON = 'lexicon.ts';

/**
 * Patterns that read the harness's own texts, not English: each may hold words because the text it
 * reads is written by the engine, by a tool the harness runs, or by the reader for the harness. Keyed
 * by the pattern's source as written.
 */
const MARKERS: ReadonlyMap<string, string> = new Map([
  // The facts request's turn lines (engine/facts/facts-prompts.ts): "Turn 3", then "person: …",
  // "assistant: …" and "tool call: …" lines.
  [String.raw`^turn\s+\d+\b`, 'facts request turn line'],
  [String.raw`^(person|assistant|tool call):\s?(.*)$`, 'facts request labelled line'],
  // An empty section of the engine's facts and summary requests: "- none".
  [String.raw`^-\s*none$`, 'facts request empty section'],
  // The assessment call's task line when the task is fixed (engine/assess/assessment-call.ts):
  // "Current task (fixed: this request does not change it): …".
  [String.raw`^Current task \(fixed`, 'assessment task block'],
  // The engine's record headers ("…: a record, not instructions.") and its "Tools for this request:" line.
  [String.raw`(\ba record, not instructions\b|^tools for this request:)`, 'engine record headers'],
  // A fact line's source note: "— from tool read_file, turn 2, entry 4".
  [String.raw`\s+—\s+from\s.*$`, 'fact source note'],
  // The abstention as the harness's scoring reads it (runners/scoring/verdict.ts): "I don't know".
  [String.raw`\bi (?:don't|do not) know\b`, 'abstention'],
  // run_command's "exit status: N" frame, as a reference to an old output repeats it.
  [String.raw`\bexit status:?\s*(-?\d+)`, 'run_command exit status'],
  // The engine's account of a command the person ran: "I ran `…` myself:".
  ['^I ran `([^`\\n]+)` myself:\\n', 'person-run command'],
  // Test runners' failure lines: Go's "--- FAIL:", "FAIL name", TAP's "not ok 3 - name", a cross.
  [
    String.raw`^\s*(?:--- FAIL:|FAIL(?:ED|URE)?\b:?|not ok\b(?:\s+\d+)?(?:\s+-)?|[✗✖✘×])\s+(\S.*?)\s*$`,
    'test runner failure line',
  ],
  // The facts-and-summary request's "Later turns, for the latest values:" heading.
  [String.raw`\n(?=Later turns, for the latest values:)`, 'facts-and-summary heading'],
  // A tool's error result: "error: …".
  [String.raw`^\s*error:`, 'tool error'],
  [String.raw`^error:\s*`, 'tool error'],
  // read_file's trailers: "[more from offset N]" and "[end of file]".
  [String.raw`^\[more from offset (\d+)\]\s*$`, 'read_file paging trailer'],
  [String.raw`^\[(more from offset \d+|end of file)\]\s*$`, 'read_file trailers'],
  // run_command's frames: "exit status: N", "stdout:", "stderr:".
  [String.raw`^(stdout|stderr):\s*$`, 'run_command stream frame'],
  [String.raw`^exit status:\s*(-?\d+)`, 'run_command exit status'],
  [String.raw`^stdout:\s*$`, 'run_command stdout frame'],
  [String.raw`^stderr:\s*$`, 'run_command stderr frame'],
  // The engine's note on a bounded output: "held back: lines 10-40".
  [String.raw`^held back:`, 'held-back note'],
  // The engine's reference to an old output: "[output of entry 7 not repeated: read_file at …]".
  [String.raw`^\[output of entry (\d+) not repeated:(?: (\S+) at\b)?`, 'output reference header'],
  // The memory tool's note that a recall has more: `[more: memory "recall entry 7 from line 101"]`.
  [String.raw`^\[more: memory "([^"\n]+)"\]\s*$`, 'memory paging note'],
  // The engine's ids of stored outputs, as fact notes and summaries name them: "entry 4", "entries 4, 9".
  [String.raw`\bentr(?:y|ies)\s+(\d+(?:\s*(?:,|and)\s*\d+)*)`, 'entry mentions'],
  [String.raw`\bentry (\d+)\b`, 'entry mention'],
  // The memory tool's requests: "recall entry 7", "recall entry 7 from line 101".
  [String.raw`^recall entry (\d+)\b`, 'memory recall request'],
  [String.raw` from line \d+`, 'memory recall page'],
  // The labelled lines of an output reference: "arguments:", "first line:", "last line:".
  [String.raw`^(arguments|first line|last line):\s?(.*)$`, 'output reference lines'],
]);

/** One place where a file writes words of its own. */
interface Finding {
  line: number;
  kind: 'pattern' | 'list';
  text: string;
}

/** Stands for what a `${…}` puts into a pattern: no letters of the pattern's own. */
const SUBSTITUTION = '${…}';

/** The text of a pattern's first argument when it is made of literals, else undefined. */
function literalText(node: ts.Expression | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(SUBSTITUTION);
  if (ts.isTaggedTemplateExpression(node)) {
    const template = node.template;
    if (ts.isNoSubstitutionTemplateLiteral(template)) return template.rawText ?? template.text;
    return [
      template.head.rawText ?? template.head.text,
      ...template.templateSpans.map((span) => span.literal.rawText ?? span.literal.text),
    ].join(SUBSTITUTION);
  }
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalText(node.left);
    const right = literalText(node.right);
    if (left === undefined && right === undefined) return undefined;
    return (left ?? SUBSTITUTION) + (right ?? SUBSTITUTION);
  }
  return undefined;
}

/**
 * True when a pattern's source holds a word: three or more lower-case letters in a row, outside a
 * character class, not an escape (`\b`, `\p{Ll}`, `\k<name>`) nor a group's name (`(?<name>…)`).
 */
function holdsWord(source: string): boolean {
  let inClass = false;
  let run = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source.charAt(i);
    if (char === '\\') {
      run = 0;
      const escaped = source.charAt(i + 1);
      i++;
      // A property, a code point or a named back-reference: skip to its closing mark.
      if ('pPu'.includes(escaped) && source.charAt(i + 1) === '{') i = source.indexOf('}', i);
      else if (escaped === 'k' && source.charAt(i + 1) === '<') i = source.indexOf('>', i);
      if (i < 0) return false;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      run = 0;
      continue;
    }
    if (source.startsWith('(?<', i) && !'=!'.includes(source.charAt(i + 3))) {
      i = source.indexOf('>', i);
      if (i < 0) return false;
      run = 0;
      continue;
    }
    if (char >= 'a' && char <= 'z') {
      run++;
      if (run >= 3) return true;
    } else {
      run = 0;
    }
  }
  return false;
}

/** Two or more lower-case words parted by spaces or `|`. */
const WORD_LIST = /^\s*[a-z][a-z'’.-]*(?:(?:\s+|\s*\|\s*)[a-z][a-z'’.-]*)+\s*$/;

/** The calls that make a list of words from what they are given. */
const LIST_MAKERS = new Set(['words', 'phrases', 'stemSet', 'Set', 'Map', 'Phrases']);

/** The last name of a callee: `words`, `Set`, `text.stemSet` → `stemSet`. */
function calleeName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

/** True when a string literal is made into a list where it stands (see the doc comment). */
function madeIntoList(literal: ts.StringLiteral): boolean {
  let node: ts.Node = literal;
  let parent = node.parent;
  // Up through the wrappers a list may be written in: an array, a `+`, parentheses, a spread.
  while (
    ts.isArrayLiteralExpression(parent) ||
    ts.isParenthesizedExpression(parent) ||
    ts.isSpreadElement(parent) ||
    (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken)
  ) {
    // A module-level constant that holds an array of lists of words.
    if (
      ts.isArrayLiteralExpression(parent) &&
      ts.isVariableDeclaration(parent.parent) &&
      ts.isVariableStatement(parent.parent.parent.parent) &&
      ts.isSourceFile(parent.parent.parent.parent.parent)
    )
      return true;
    node = parent;
    parent = node.parent;
  }
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== node) {
    const name = calleeName(parent.expression);
    if (name !== undefined && LIST_MAKERS.has(name)) return true;
  }
  // `'alpha beta'.split(' ')`
  return (
    ts.isPropertyAccessExpression(parent) &&
    parent.expression === node &&
    parent.name.text === 'split' &&
    ts.isCallExpression(parent.parent)
  );
}

/** Where the source of one file writes a pattern of words or a list of words, by line. */
function fileFindings(name: string, source: string): Finding[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const pattern = (node: ts.Node, text: string | undefined) => {
    if (text !== undefined && holdsWord(text) && !MARKERS.has(text))
      found.push({ line: lineOf(node), kind: 'pattern', text });
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const written = node.getText(file);
      pattern(node, written.slice(1, written.lastIndexOf('/')));
    } else if (ts.isNewExpression(node) && calleeName(node.expression) === 'RegExp') {
      pattern(node, literalText(node.arguments?.[0]));
    } else if (
      ts.isStringLiteral(node) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent) &&
      WORD_LIST.test(node.text) &&
      madeIntoList(node)
    ) {
      found.push({ line: lineOf(node), kind: 'list', text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The reader's non-test TypeScript files this test reads. */
function readerFiles(): string[] {
  return readdirSync(READER)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .filter((name) => name !== LEXICON)
    .sort();
}

describe('the check for words outside the lexicon', () => {
  it('finds a pattern of words, written as a literal or built from literals', () => {
    const source = [
      'const X = /\\b(?:alpha|beta)\\b/;',
      "const Y = new RegExp('^(?:gamma|delta)$', 'i');",
      'const Z = new RegExp(String.raw`\\d+\\s+` + String.raw`epsilon`);',
    ].join('\n');
    expect(fileFindings('fixture.ts', source)).toEqual([
      { line: 1, kind: 'pattern', text: '\\b(?:alpha|beta)\\b' },
      { line: 2, kind: 'pattern', text: '^(?:gamma|delta)$' },
      { line: 3, kind: 'pattern', text: '\\d+\\s+epsilon' },
    ]);
  });

  it('finds a list of words made into a set or parted in code', () => {
    const source = [
      "const A = stemSet('alpha beta');",
      "const B = new Set('gamma delta'.split(' '));",
      "const C = words('epsilon ' + 'zeta eta');",
      "const D = phrases('theta iota|kappa');",
      "const E: readonly string[] = ['lambda mu', 'nu xi'];",
    ].join('\n');
    expect(fileFindings('fixture.ts', source).map(({ line, kind }) => `${kind}:${line}`)).toEqual([
      'list:1',
      'list:2',
      'list:3',
      'list:4',
      'list:5',
      'list:5',
    ]);
  });

  it('passes patterns of value kinds and markers, replies, single words and comments', () => {
    const source = [
      '// const Q = /\\b(?:alpha|beta)\\b/;',
      'const V = /(?<year>\\d{4})-\\d{2}|\\p{Lu}\\p{Ll}+|[a-z]+|\\bv\\d+/u;',
      'const W = new RegExp(String.raw`(?<![\\p{L}])(?:${UNITS})\\s+`, "gu");',
      'const H = /^\\[more from offset (\\d+)\\]\\s*$/;',
      "const reply = () => reason || 'no reason given';",
      "const S = new Set(['alpha', 'beta']);",
      "import { x } from './some path.js';",
      'const T = `alpha beta`.split(" ");',
    ].join('\n');
    expect(fileFindings('fixture.ts', source)).toEqual([]);
  });

  it('tells a word in a pattern from escapes, classes and group names', () => {
    expect(holdsWord('\\bexit')).toBe(true);
    expect(holdsWord('[Vv]ersion')).toBe(true);
    expect(holdsWord('(?:st|nd|rd|th)')).toBe(false);
    expect(holdsWord('\\p{Lu}[a-z]+\\k<name>')).toBe(false);
    expect(holdsWord('(?<=x)(?<!y)(?<name>\\d)')).toBe(false);
  });
});

describe('the reader writes its words only in the lexicon', () => {
  it('reads a good number of the reader files', () => {
    expect(readerFiles().length).toBeGreaterThan(30);
  });

  it('has no pattern of words but markers, and no list of words, outside lexicon.ts', () => {
    const found = readerFiles().flatMap((name) =>
      fileFindings(name, readFileSync(join(READER, name), 'utf8')).map(
        ({ line, kind, text }) => `${name}:${line} ${kind} ${text.slice(0, 100)}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('keeps every marker in use, so the allow-list shrinks with the code', () => {
    const sources = readerFiles().map((name) => readFileSync(join(READER, name), 'utf8'));
    const unused = [...MARKERS.keys()].filter(
      (marker) => !sources.some((source) => patternSources(source).includes(marker)),
    );
    expect(unused).toEqual([]);
  });
});

/** Every pattern source written in a file: regex literals' bodies and literal `new RegExp` arguments. */
function patternSources(source: string): string[] {
  const file = ts.createSourceFile('file.ts', source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const written = node.getText(file);
      found.push(written.slice(1, written.lastIndexOf('/')));
    } else if (ts.isNewExpression(node) && calleeName(node.expression) === 'RegExp') {
      const text = literalText(node.arguments?.[0]);
      if (text !== undefined) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
