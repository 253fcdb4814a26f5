/**
 * The read-request trials: each template of `read-requests.yaml`, its `{file}` replaced by a path,
 * is said in a small conversation over a workspace made here, and the template's turn is searched for
 * a `read_file` of that path. Three shapes of path (a file at the top, one in a folder, one two
 * folders down) so that a template counts as opening only when it does for each. A `read: true`
 * template is said after a turn that read another file; a `read: false` one after a turn that read
 * the file itself (it mentions a file already read) and, apart, after one that read another file.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ReadRequestError } from '../errors.js';
import {
  opensFile,
  type CalledTool,
  type ReadContext,
  type ReadTrial,
} from '../../reports/read-request-figures.js';
import type { RunOutcome } from '../../records/run-outcome.js';
import { defineScenario, type Scenario } from '../../scenarios/schema.js';
import type { SuiteRunner } from './runs.js';

/** The stand-in for the path in a template. */
export const FILE_SLOT = '{file}';

/** read-requests.yaml, as checked. */
export const readRequestFileSchema = z.strictObject({
  version: z.literal(1),
  templates: z
    .array(
      z.strictObject({
        text: z.string().refine((text) => text.includes(FILE_SLOT), `a template holds ${FILE_SLOT}`),
        read: z.boolean(),
      }),
    )
    .min(1),
});

/** One template. */
export type ReadTemplate = z.infer<typeof readRequestFileSchema>['templates'][number];

// The read-request file cannot be used.
export { ReadRequestError };

/** Parses and checks the text of a read-request file; `file` names it in the error. */
export function parseReadRequestFile(text: string, file: string): ReadTemplate[] {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (thrown) {
    throw new ReadRequestError(`${file}: not YAML: ${(thrown as Error).message.split('\n')[0]}`);
  }
  const result = readRequestFileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new ReadRequestError(`${file}: ${where === '' ? '' : `${where}: `}${issue?.message ?? 'invalid'}`);
  }
  return result.data.templates;
}

/** The template with every `{file}` replaced by `file`. */
export function expandTemplate(text: string, file: string): string {
  if (!text.includes(FILE_SLOT))
    throw new ReadRequestError(`template ${JSON.stringify(text)} holds no ${FILE_SLOT}`);
  return text.replaceAll(FILE_SLOT, file);
}

/** The shapes of path each template is tried with. */
export const PATH_SHAPES: readonly { shape: string; path: string }[] = [
  { shape: 'top', path: 'limits.txt' },
  { shape: 'folder', path: 'notes/setup.md' },
  { shape: 'nested', path: 'docs/guides/upgrade-notes.md' },
];

/** The file the earlier turn reads when the template's file must not have been read. */
export const OTHER_FILE = 'overview.md';

/** How the earlier turn asks for a read: the plain wording the built-in scenarios use. */
export function contextRequest(file: string): string {
  return `Please read ${file} and summarise it.`;
}

/** The workspace's files: a few plain lines each, on what the templates ask about. */
export const WORKSPACE_FILES: Readonly<Record<string, string>> = {
  [OTHER_FILE]: [
    '# Overview',
    '',
    'Harbourline moves nightly build artefacts from the build farm to the archive shelf.',
    'It runs as one service with a small web page for its status.',
    'The rest of this folder covers setup, limits and upgrades.',
  ].join('\n'),
  'limits.txt': [
    'Limits',
    '',
    'By default an upload may be at most 512 MB; larger ones are refused with error 413.',
    'A transfer times out after 90 seconds without progress.',
    'No more than 8 transfers run at once; the rest wait in a queue.',
    'Older clients (before 2.0) are held to 64 MB per upload.',
  ].join('\n'),
  'notes/setup.md': [
    '# Setup',
    '',
    'Install the package with `apt install harbourline` and enable the service.',
    'The configuration lives in /etc/harbourline/config.toml; the defaults suit one build farm.',
    'Requirements: 2 GB of memory and a shelf reachable over NFS.',
    'Keep the service account without a login shell, for security.',
  ].join('\n'),
  'docs/guides/upgrade-notes.md': [
    '# Upgrade notes',
    '',
    'Upgrading from 1.x: stop the service, install 2.0, then run `harbourline migrate`.',
    'Version 2.0 still reads 1.x configuration files; the old timeout key is ignored with a warning.',
    'Errors during the migration leave the old data untouched; run it again after fixing the cause.',
  ].join('\n'),
};

/** Writes the workspace into a new temporary folder; returns the folder its `workspace/` is in. */
export async function makeReadWorkspace(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wisp-eval-read-requests-'));
  for (const [file, text] of Object.entries(WORKSPACE_FILES)) {
    const full = path.join(dir, 'workspace', file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, `${text}\n`);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The conversation of one trial: the earlier turn the context needs, then the template. */
export function readRequestScenario(template: string, file: string, context: ReadContext): Scenario {
  return defineScenario({
    name: 'read-requests',
    description: 'One turn reads a file, the next says a sentence that mentions a file.',
    workspace: 'workspace',
    steps: [
      { say: contextRequest(context === 'read' ? file : OTHER_FILE) },
      { say: expandTemplate(template, file) },
    ],
  });
}

/** The tool calls of each turn's responses, by turn, in the order of the turns. */
export function toolCallsByTurn(outcome: RunOutcome): CalledTool[][] {
  const turns = new Map<number, CalledTool[]>();
  for (const call of outcome.files.requests) {
    if (call.purpose !== 'turn' || call.kind !== 'respond') continue;
    const list = turns.get(call.turn) ?? [];
    list.push(...(call.response?.toolCalls ?? []));
    turns.set(call.turn, list);
  }
  return [...turns.entries()].sort(([a], [b]) => a - b).map(([, calls]) => calls);
}

/** The trial's result from its run: what the template's turn opened, and whether the context held. */
export function trialOf(outcome: RunOutcome, base: Omit<ReadTrial, 'opened' | 'contextReady'>): ReadTrial {
  const [before = [], asked = []] = toolCallsByTurn(outcome);
  const contextReady =
    outcome.record.status === 'completed' &&
    (base.context === 'read'
      ? opensFile(before, base.path)
      : opensFile(before, OTHER_FILE) && !opensFile(before, base.path));
  return { ...base, opened: opensFile(asked, base.path), contextReady };
}

/** Runs every trial: each template with each shape, `read: false` ones in both contexts. */
export async function runReadRequests(
  templates: readonly ReadTemplate[],
  runner: SuiteRunner,
): Promise<ReadTrial[]> {
  const workspace = await makeReadWorkspace();
  try {
    const trials: ReadTrial[] = [];
    for (const [index, { text, read }] of templates.entries()) {
      const contexts: ReadContext[] = read ? ['unread'] : ['read', 'unread'];
      for (const context of contexts) {
        for (const { shape, path: file } of PATH_SHAPES) {
          const scenario = readRequestScenario(text, file, context);
          const outcome = await runner.run({ scenario, dir: workspace.dir }, 'failfast');
          trials.push(trialOf(outcome, { template: index, text, read, context, shape, path: file }));
        }
      }
    }
    return trials;
  } finally {
    await workspace.remove();
  }
}
