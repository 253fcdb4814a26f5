/**
 * Read requests: whether the model opens a file when a person asks for it in one of many wordings,
 * and leaves it alone when the sentence only mentions it. These are the pure parts: whether a turn's
 * tool calls opened a path, and the figures over every trial. The trials themselves are run by the
 * suite (scripts/generality/).
 */

/** A tool call as a turn's response gives it. */
export interface CalledTool {
  tool: string;
  arguments: Record<string, unknown>;
}

/** Whether the calls hold a `read_file` of `path` (a leading `./` on either side is ignored). */
export function opensFile(calls: readonly CalledTool[], path: string): boolean {
  const plain = (p: string) => p.replace(/^(?:\.\/)+/, '');
  return calls.some(
    (call) =>
      call.tool === 'read_file' &&
      typeof call.arguments.path === 'string' &&
      plain(call.arguments.path) === plain(path),
  );
}

/**
 * Where a template is asked: `unread`, in a conversation that has not read the file (an earlier turn
 * read another one); `read`, after an earlier turn read the file itself.
 */
export type ReadContext = 'unread' | 'read';

/** One template asked once, with one path, in one context. */
export interface ReadTrial {
  /** The template's place in its file, from 0. */
  template: number;
  /** The template as written, `{file}` in it. */
  text: string;
  /** Whether the template asks for a read. */
  read: boolean;
  context: ReadContext;
  /** The name of the path's shape (`top`, `folder`, ...). */
  shape: string;
  path: string;
  /** The template's turn opened the file. */
  opened: boolean;
  /**
   * The earlier turn did what the context needs (read the file for `read`, read the other file and
   * not this one for `unread`); a trial without it tells nothing about the template.
   */
  contextReady: boolean;
}

/** A template that did not do what it should, with the shapes where it did not. */
export interface ReadFailure {
  text: string;
  read: boolean;
  context: ReadContext;
  /** For a `read: true` template, the shapes it did not open; for `read: false`, those it opened. */
  shapes: string[];
}

/** The read-request figures. */
export interface ReadRequestFigures {
  shapes: string[];
  readTrue: {
    total: number;
    /** Templates that opened their file with every shape of path. */
    opened: number;
    /** Per shape, templates that opened the file with that shape. */
    perShape: Record<string, number>;
  };
  readFalse: {
    total: number;
    /** Templates that opened the file with any shape, after it was read. */
    opened: number;
    /** The same, where it was not read before. */
    openedUnread: number;
    /** Per shape, templates that opened the file with it: after it was read, and where it was not. */
    perShape: Record<string, { read: number; unread: number }>;
  };
  failures: ReadFailure[];
  /** Trials whose earlier turn did not set the context up; they count as they came out. */
  contextNotReady: number;
}

/** The figures of a set of trials; `shapes` gives the order shapes are reported in. */
export function readRequestFigures(
  trials: readonly ReadTrial[],
  shapes: readonly string[],
): ReadRequestFigures {
  const groups = new Map<string, ReadTrial[]>();
  for (const trial of trials) {
    const key = `${trial.template}\u0000${trial.context}`;
    groups.set(key, [...(groups.get(key) ?? []), trial]);
  }
  const templates = [...groups.values()].flatMap((group) => {
    const first = group[0];
    return first === undefined ? [] : [{ first, group }];
  });
  const readTrue = templates.filter((t) => t.first.read && t.first.context === 'unread');
  const readFalse = (context: ReadContext) =>
    templates.filter((t) => !t.first.read && t.first.context === context);
  const openedIn = (group: readonly ReadTrial[]) => group.filter((t) => t.opened).map((t) => t.shape);
  const count = (list: { group: ReadTrial[] }[], shape: string) =>
    list.filter(({ group }) => group.some((t) => t.shape === shape && t.opened)).length;

  const failures: ReadFailure[] = [];
  for (const { first, group } of templates) {
    if (first.read && first.context === 'unread') {
      const missed = group.filter((t) => !t.opened).map((t) => t.shape);
      if (missed.length > 0)
        failures.push({ text: first.text, read: true, context: first.context, shapes: missed });
    } else if (!first.read) {
      const opened = openedIn(group);
      if (opened.length > 0)
        failures.push({ text: first.text, read: false, context: first.context, shapes: opened });
    }
  }
  return {
    shapes: [...shapes],
    readTrue: {
      total: readTrue.length,
      opened: readTrue.filter(({ group }) => group.every((t) => t.opened)).length,
      perShape: Object.fromEntries(shapes.map((shape) => [shape, count(readTrue, shape)])),
    },
    readFalse: {
      total: new Set(templates.filter((t) => !t.first.read).map((t) => t.first.template)).size,
      opened: readFalse('read').filter(({ group }) => group.some((t) => t.opened)).length,
      openedUnread: readFalse('unread').filter(({ group }) => group.some((t) => t.opened)).length,
      perShape: Object.fromEntries(
        shapes.map((shape) => [
          shape,
          { read: count(readFalse('read'), shape), unread: count(readFalse('unread'), shape) },
        ]),
      ),
    },
    failures,
    contextNotReady: trials.filter((t) => !t.contextReady).length,
  };
}

/** The lines that report the figures, failures listed last. */
export function readRequestLines(f: ReadRequestFigures): string[] {
  const shapes = (per: (shape: string) => string) => f.shapes.map((s) => `${s} ${per(s)}`).join(', ');
  const lines = [
    `read requests: ${f.readTrue.opened} of ${f.readTrue.total} read: true templates opened their file with every path shape ` +
      `(per shape: ${shapes((s) => String(f.readTrue.perShape[s] ?? 0))})`,
    `read requests: ${f.readFalse.opened} of ${f.readFalse.total} read: false templates opened the file after it was read, ` +
      `${f.readFalse.openedUnread} of ${f.readFalse.total} where it was not ` +
      `(per shape, read/unread: ${shapes((s) => `${f.readFalse.perShape[s]?.read ?? 0}/${f.readFalse.perShape[s]?.unread ?? 0}`)})`,
  ];
  if (f.contextNotReady > 0)
    lines.push(`read requests: in ${f.contextNotReady} trials the earlier turn did not set the context up`);
  if (f.failures.length > 0) {
    lines.push('read-request failures:');
    for (const failure of f.failures) {
      const what = failure.read
        ? 'not opened'
        : `opened (file ${failure.context === 'read' ? 'read before' : 'not read before'})`;
      lines.push(`  ${what} [${failure.shapes.join(', ')}]: ${JSON.stringify(failure.text)}`);
    }
  }
  return lines;
}
