/**
 * What a recall finds: an entry of the store, the entries of a turn, the task's versions and the
 * first prompt, the running summary's versions, a subject's facts, or a stored output. Each is made
 * into a document for the pager, or into a short answer when there is nothing to page.
 */
import type { Fact } from '../../facts/fact.js';
import { sourceText, oneLine } from '../../facts/lines.js';
import { isValidOutputId } from '../../output/store-port.js';
import type { MemorySource } from './memory-source.js';
import type { RecallDocument } from './memory-page.js';
import type { RecallTarget } from './recall-request.js';
import { textLines } from './memory-page.js';
import { entryKind, entryState, entryText, entryTurn, spans, when, whence } from './entry-text.js';

/** A recall answered without a page: nothing was found, or the request cannot be met. */
export interface RecallAnswer {
  content: string;
  ok: boolean;
  detail: string;
}

/** The answer to a recall that finds nothing while the first turn is still all there is. */
export const FIRST_TURN_ANSWER =
  'This is the first turn: nothing from an earlier turn is stored, and all of the conversation so far is in view.';

const TASK_SUBJECT = 'task';

/** True while nothing is stored beyond the instructions and the current turn. */
export function isFirstTurn(source: MemorySource): boolean {
  return (
    source.summaries.length === 0 &&
    source.entries.every((e) => e.kind === 'instructions' || e.origin === 'carried' || e.turn >= source.turn)
  );
}

function error(message: string): RecallAnswer {
  return { content: `error: ${message}`, ok: false, detail: message };
}

// Nothing found: in the first turn that is the answer that all of it is in view; later, `later`.
function nothingFound(source: MemorySource, later: RecallAnswer): RecallAnswer {
  return isFirstTurn(source) ? { content: FIRST_TURN_ANSWER, ok: true, detail: 'first turn' } : later;
}

async function recallEntry(id: number, source: MemorySource): Promise<RecallDocument | RecallAnswer> {
  const entry = source.entries.find((e) => e.id === id);
  if (entry === undefined) {
    const last = source.entries.at(-1)?.id;
    const stored = last === undefined ? 'no entry is stored' : `entries run from 1 to ${last}`;
    return nothingFound(source, error(`there is no entry ${id}: ${stored}`));
  }
  const read = await entryText(entry, source);
  return {
    title: `[entry ${id}: ${entryKind(entry)}, ${entryTurn(entry)}, ${entryState(entry)}; ${whence(read)}]`,
    sections: [{ lines: textLines(read.text) }],
    noun: 'entry',
    from: read.from,
  };
}

async function recallTurn(turn: number, source: MemorySource): Promise<RecallDocument | RecallAnswer> {
  const entries = source.entries.filter((e) => e.turn === turn);
  if (entries.length === 0) {
    const why =
      turn > source.turn
        ? `turn ${turn} has not happened: this is turn ${source.turn}`
        : `no entry of turn ${turn} is stored`;
    return nothingFound(source, error(why));
  }
  const states = new Set(entries.map(entryState));
  const [only] = states;
  const same = states.size === 1 && only !== undefined;
  const count = entries.length === 1 ? '1 entry' : `${entries.length} entries`;
  const state = same ? only : 'partly dropped';
  const reads = await Promise.all(entries.map((e) => entryText(e, source)));
  const fromStore = entries.filter((_, i) => reads[i]?.from === 'store').map((e) => e.id);
  const from =
    fromStore.length === 0 ? 'audit' : fromStore.length === entries.length ? 'store' : 'audit and store';
  const where =
    from === 'audit'
      ? 'text from the audit'
      : from === 'store'
        ? 'text from the store: the audit does not hold it'
        : `text from the audit, ${fromStore.length === 1 ? 'entry' : 'entries'} ${spans(fromStore)} from the store`;
  return {
    title: `[turn ${turn}: ${count} (${spans(entries.map((e) => e.id))}), ${state}; ${where}]`,
    sections: entries.map((e, i) => ({
      header: `[entry ${e.id}: ${entryKind(e)}${same ? '' : `, ${entryState(e)}`}]`,
      lines: textLines(reads[i]?.text ?? e.text),
    })),
    noun: 'turn',
    from,
  };
}

/** One version of a fact on one line, whole: `- f2 storage = sqlite — from the person, turn 2, at …; current`. */
export function versionLine(fact: Fact): string {
  const { subject, name } = fact.identity;
  const where = [sourceText(fact)];
  if (fact.source.kind === 'person' || fact.source.kind === 'caller') where.push(`turn ${fact.turn}`);
  if (fact.source.kind !== 'tool' && fact.entries.length > 0) {
    where.push(`${fact.entries.length === 1 ? 'entry' : 'entries'} ${fact.entries.join(', ')}`);
  }
  where.push(`at ${when(fact.recordedAt)}`);
  const state =
    fact.state === 'superseded' && fact.supersededBy !== null
      ? `superseded by ${fact.supersededBy}`
      : fact.state;
  const label = name === '' ? subject : name;
  return `- ${fact.id} ${oneLine(label)} = ${oneLine(fact.value)} — ${where.join(', ')}; ${state}`;
}

function recallTask(source: MemorySource): RecallDocument | RecallAnswer {
  const versions = source.facts?.all().filter((f) => f.identity.subject === TASK_SUBJECT) ?? [];
  const prompt = source.entries.find((e) => e.kind === 'prompt' && !e.personCommand);
  if (versions.length === 0 && prompt === undefined) {
    return nothingFound(source, {
      content: 'No task is recorded, and no prompt is stored.',
      ok: true,
      detail: 'none',
    });
  }
  const sections = [];
  if (versions.length > 0) {
    const count = versions.length === 1 ? '1 version' : `${versions.length} versions`;
    sections.push({
      header: `[the task: ${count}, oldest first, from the facts]`,
      lines: versions.map(versionLine),
    });
  }
  if (prompt !== undefined) {
    sections.push({
      header: `[the first prompt: entry ${prompt.id}, turn ${prompt.turn}, ${entryState(prompt)}]`,
      lines: textLines(prompt.text),
    });
  }
  const facts =
    source.facts === null
      ? 'this conversation keeps no facts'
      : versions.length === 0
        ? 'no version recorded'
        : 'its versions from the facts';
  return { title: `[task: ${facts}; the first prompt from the store]`, sections, noun: 'task' };
}

function recallSummary(source: MemorySource): RecallDocument | RecallAnswer {
  const versions = source.summaries;
  if (versions.length === 0) {
    return nothingFound(source, {
      content:
        'No summary is written yet: no earlier turn has been summarised. Recall a turn or an entry instead.',
      ok: true,
      detail: 'none written',
    });
  }
  const count = versions.length === 1 ? '1 version' : `${versions.length} versions`;
  return {
    title: `[summary: ${count}, oldest first, the newest last]`,
    sections: versions.map((v) => ({
      header: `[summary version ${v.version}: covers ${v.turns.length === 1 ? 'turn' : 'turns'} ${spans(v.turns)}, written ${when(v.writtenAt)}]`,
      lines: textLines(v.text),
    })),
    noun: 'summary',
  };
}

function recallFacts(
  subject: string,
  name: string | undefined,
  source: MemorySource,
): RecallDocument | RecallAnswer {
  const facts = source.facts;
  if (facts === null) return error('this conversation keeps no facts');
  const found =
    name === undefined
      ? facts.all().filter((f) => f.identity.subject === subject)
      : facts.history({ subject, name });
  const about = name === undefined ? subject : `${subject} ${oneLine(name)}`;
  if (found.length === 0) {
    if (!source.kinds.has(subject)) {
      return error(
        `no subject kind is called "${subject}"; the kinds are ${[...source.kinds.keys()].join(', ')}`,
      );
    }
    return nothingFound(source, { content: `No fact about ${about} is recorded.`, ok: true, detail: 'none' });
  }
  const count = found.length === 1 ? '1 version' : `${found.length} versions`;
  return {
    title: `[facts about ${about}: ${count}, oldest first; from the facts]`,
    sections: [{ lines: found.map(versionLine) }],
    noun: 'facts',
  };
}

async function recallOutput(id: string, source: MemorySource): Promise<RecallDocument | RecallAnswer> {
  const outputs = source.outputs;
  if (outputs === undefined) return nothingFound(source, error('no output is stored in this conversation'));
  if (!isValidOutputId(id))
    return error(`"${id}" is not an output id: it is letters, digits, ".", "_" and "-"`);
  const [text, stored] = await Promise.all([outputs.read(id), outputs.stat(id)]);
  if (text === undefined) return nothingFound(source, error(`no stored output has the id ${id}`));
  const entry = source.entries.find((e) => e.kind === 'toolOutput' && e.call?.callId === id);
  const of = entry === undefined ? '' : ` ${entryKind(entry)}, entry ${entry.id}, ${entryTurn(entry)};`;
  const lines = textLines(text);
  const size = `${lines.length === 1 ? '1 line' : `${lines.length} lines`}, ${stored?.bytes ?? 0} bytes`;
  const cut = stored?.truncated === true ? ', its end past the store limit not kept' : '';
  return {
    title: `[output ${id}:${of} ${size}${cut}; from the output store]`,
    sections: [{ lines }],
    noun: 'output',
  };
}

/** The document a recall of `target` pages through, or its answer when there is none. */
export async function recallDocument(
  target: RecallTarget,
  source: MemorySource,
): Promise<RecallDocument | RecallAnswer> {
  switch (target.kind) {
    case 'entry':
      return recallEntry(target.id, source);
    case 'turn':
      return recallTurn(target.turn, source);
    case 'task':
      return recallTask(source);
    case 'summary':
      return recallSummary(source);
    case 'fact':
      return recallFacts(target.subject, target.name, source);
    case 'output':
      return recallOutput(target.id, source);
  }
}
