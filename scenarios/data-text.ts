/**
 * The text of a data file (a scenario, a checkpoint spec) read as a value: `.json` or `.yaml`/`.yml`
 * by the file's extension, with the same rules for both and every problem one line naming the file,
 * and the line and column where there is one.
 */
import path from 'node:path';
import { parseDocument } from 'yaml';
import { MAX_DATA_DEPTH, nestedTooDeep } from './data-depth.js';
import { ScenarioError } from './errors.js';
import { formatPath } from './schema-problem.js';

/**
 * Parses the text of a `.json` or a `.yaml`/`.yml` file (by `file`'s extension) as scenario files
 * are parsed: a leading byte order mark is dropped in either, a key twice in one object is refused
 * in either, and a syntax error is one line naming the file, the line and the column.
 */
export function parseDataText(file: string, text: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const value = path.extname(file).toLowerCase() === '.json' ? parseJson(file, body) : parseYaml(file, body);
  const deep = nestedTooDeep(value);
  if (deep !== null) {
    // Named down to the last key given by name: the levels below it are only indexes or repeats.
    const named = deep.findLastIndex((segment) => typeof segment === 'string') + 1;
    const shown = deep.slice(0, Math.min(Math.max(named, 1), 12));
    throw new ScenarioError(
      `${file}: ${formatPath(shown)} holds lists and objects nested more than ${MAX_DATA_DEPTH} levels deep: give flatter data`,
    );
  }
  return value;
}

function parseJson(file: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    const position = /at position (\d+)/.exec(message)?.[1];
    const reason = lowerFirst(message.replace(/\s*(?:in JSON )?at position \d+.*$/s, ''));
    if (position === undefined) throw new ScenarioError(`${file}: JSON syntax error: ${reason}`);
    const { line, column } = lineAndColumn(text, Number(position));
    throw new ScenarioError(`${file}: JSON syntax error at line ${line}, column ${column}: ${reason}`);
  }
  const duplicate = duplicateJsonKey(text);
  if (duplicate !== undefined) {
    const { line, column } = lineAndColumn(text, duplicate.at);
    throw new ScenarioError(
      `${file}: JSON error at line ${line}, column ${column}: the key ${duplicate.key} is given twice in one object`,
    );
  }
  return value;
}

/**
 * The first key given twice in one object of valid JSON `text`, with its offset, or undefined: one
 * pass over the text, a set of keys for each object open at the point reached.
 */
export function duplicateJsonKey(text: string): { key: string; at: number } | undefined {
  // Each open container: the keys of an object so far, or null for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = open[open.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.has(key)) return { key: JSON.stringify(key), at: i };
        top.add(key);
      }
      expectKey = false;
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      open.push(null);
    } else if (c === '}' || c === ']') {
      open.pop();
    } else if (c === ',') {
      expectKey = (open[open.length - 1] ?? null) !== null;
    }
  }
  return undefined;
}

function parseYaml(file: string, text: string): unknown {
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error !== undefined) {
    const firstLine = error.message.split('\n')[0] ?? error.message;
    // The YAML parser recurses into flow collections: nesting deep enough overflows its stack.
    if (/maximum call stack size exceeded/i.test(firstLine))
      throw new ScenarioError(
        `${file}: YAML nests lists and objects too deeply to be read (more than ${MAX_DATA_DEPTH} levels are refused): give flatter data`,
      );
    const reason = lowerFirst(firstLine.replace(/\s*at line \d+, column \d+:?\s*$/, ''));
    const where = error.linePos?.[0];
    const at = where === undefined ? '' : ` at line ${where.line}, column ${where.col}`;
    throw new ScenarioError(`${file}: YAML syntax error${at}: ${reason}`);
  }
  try {
    return doc.toJS() as unknown;
  } catch (thrown) {
    throw new ScenarioError(
      `${file}: YAML error: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    );
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
