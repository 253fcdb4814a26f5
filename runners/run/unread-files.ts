/**
 * The workspace files a run's steps name that no tool call of the run named: the model never read
 * them. A probe on such a file is never-entered, no loss of the engine's; this names the file and the
 * step that asked for it, so that a model (or a reader) that skips a request is seen as such.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEvent } from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { namedFiles } from '../../scenarios/named-files.js';
import type { Scenario } from '../../scenarios/schema.js';

/**
 * The files the steps name (see `namedFiles`) that the workspace held when the run began, in step
 * order, that appear in the arguments of no tool call of the run (read_file, or a command that
 * printed the file). Files the workspace does not hold are left out: they are warned about before
 * any run.
 */
export async function unreadFiles(
  scenario: Scenario,
  dir: string,
  events: readonly AuditEvent[],
): Promise<NonNullable<RunRecord['unreadFiles']>> {
  if (scenario.workspace === undefined) return [];
  const workspace = join(dir, scenario.workspace);
  const called = events.flatMap((event) =>
    event.type === 'tool.call' ? [JSON.stringify(event.arguments)] : [],
  );
  const unread: NonNullable<RunRecord['unreadFiles']> = [];
  for (const named of namedFiles(scenario)) {
    if (called.some((args) => args.includes(named.path))) continue;
    const held = await stat(join(workspace, named.path)).then(
      (info) => info.isFile(),
      () => false,
    );
    if (held) unread.push({ step: named.step + 1, path: named.path });
  }
  return unread;
}
