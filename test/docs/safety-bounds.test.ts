/**
 * The bounds docs/safety.md and the README's Safety section state are the numbers the code uses: each
 * row of the safety page's table of bounds is checked against the constant behind it.
 */
import { describe, expect, it } from 'vitest';
import { FOLDER_NAME_MAX } from '../../runners/recording/results-folder.js';
import { UNREADABLE_LOCK_GRACE_MS } from '../../runners/recording/lock.js';
import { DEFAULT_TIMEOUT_MS } from '../../runners/models/index.js';
import { MAX_REPLY_BYTES } from '../../runners/models/reply-bound.js';
import { COMMAND_TIMEOUT_MS } from '../../runners/sandbox/command-tool.js';
import { BWRAP_TMP_BYTES } from '../../runners/sandbox/sandbox.js';
import { MAX_COMMAND_TIMEOUT } from '../../runners/sandbox/tool-settings.js';
import { HEARTBEAT_MS, STALE_MS } from '../../runners/sandbox/workspace-sweep.js';
import { MAX_BODY_BYTES } from '../../runners/serve/http-io.js';
import { OUTPUT_STORE_MAX_BYTES } from '../../engine/output/store-port.js';
import { MAX_DATA_DEPTH } from '../../scenarios/data-depth.js';
import { MAX_PATTERN_LENGTH } from '../../scenarios/pattern.js';
import { SCENARIO_MAX_BYTES } from '../../scenarios/scenario-bytes.js';
import { WORKSPACE_MAX_BYTES, WORKSPACE_MAX_ENTRIES } from '../../scenarios/workspace-folder.js';
import { readDoc } from './markdown.js';

/** A number as the docs write it: 20,000. */
const n = (value: number): string => value.toLocaleString('en-US');
/** A size in MiB as the docs write it: 16 MiB. */
const mib = (bytes: number): string => `${n(bytes / 1024 / 1024)} MiB`;

/** Each row of the table, by the start of its first cell, and what its bound cell must say. */
const rows: [string, string[]][] = [
  ['a scenario file', [mib(SCENARIO_MAX_BYTES), `${n(SCENARIO_MAX_BYTES)} bytes`]],
  ['nesting of lists', [`${MAX_DATA_DEPTH} levels`]],
  ['a `/regex/` expectation', [`${n(MAX_PATTERN_LENGTH)} characters`]],
  ['a workspace folder', [`${n(WORKSPACE_MAX_ENTRIES)} entries`, mib(WORKSPACE_MAX_BYTES)]],
  ['one command', [`${COMMAND_TIMEOUT_MS / 1000} s by default`, `at most ${n(MAX_COMMAND_TIMEOUT)} s`]],
  ["a command's `/tmp`", [mib(BWRAP_TMP_BYTES)]],
  ["a model server's answer", [mib(MAX_REPLY_BYTES), `${n(MAX_REPLY_BYTES)} bytes`]],
  ['a model call', [`${DEFAULT_TIMEOUT_MS / 1000} s`]],
  ['a request body', [mib(MAX_BODY_BYTES)]],
  ['one tool output kept', [mib(OUTPUT_STORE_MAX_BYTES)]],
  ["a results folder's lock", [`older than ${UNREADABLE_LOCK_GRACE_MS / 1000} s`]],
  ["a default results folder's name", [`${FOLDER_NAME_MAX} bytes`]],
  ['a left-behind workspace', [`${STALE_MS / 60_000} minutes`, `${HEARTBEAT_MS / 1000} s heartbeat`]],
];

/** The table of bounds on the safety page: first cell to second cell. */
function boundsTable(): Map<string, string> {
  const page = readDoc('docs/safety.md');
  const section = page.slice(page.indexOf('## The bounds at a glance'));
  const table = new Map<string, string>();
  for (const line of section.split('\n').filter((text) => text.startsWith('| '))) {
    const [what, bound] = line.slice(2).split(' | ');
    if (what !== undefined && bound !== undefined && what !== 'what' && what !== '---')
      table.set(what, bound);
  }
  return table;
}

describe('the bounds the docs state', () => {
  it('are the numbers the code uses, row by row of the safety page', () => {
    const table = boundsTable();
    for (const [start, says] of rows) {
      const bound = [...table].find(([what]) => what.startsWith(start))?.[1];
      expect(bound, start).toBeDefined();
      for (const text of says) expect(bound, start).toContain(text);
    }
    // Every row of the table is checked: none is added without its constant.
    expect(table.size).toBe(rows.length);
  });

  it("are stated in the README's Safety section with the same numbers", () => {
    const readme = readDoc('README.md');
    const section = readme.slice(readme.indexOf('## Safety'), readme.indexOf('## Tests'));
    for (const text of [
      mib(SCENARIO_MAX_BYTES),
      `${MAX_DATA_DEPTH} levels`,
      `${n(MAX_PATTERN_LENGTH)} characters`,
      `${n(WORKSPACE_MAX_ENTRIES)} entries and ${mib(WORKSPACE_MAX_BYTES)}`,
      `${COMMAND_TIMEOUT_MS / 1000} s by default (at most ${n(MAX_COMMAND_TIMEOUT)})`,
      `${mib(BWRAP_TMP_BYTES)} \`/tmp\``,
      `of at most ${mib(MAX_REPLY_BYTES)}`,
      `${DEFAULT_TIMEOUT_MS / 1000} s`,
    ])
      expect(section.replace(/\s+/g, ' ')).toContain(text);
    expect(MAX_BODY_BYTES).toBe(MAX_REPLY_BYTES);
  });
});
