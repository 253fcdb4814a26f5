/**
 * A command the person ran after `!`: the prompt text the model is sent (the command and what it
 * printed), and the one line the distiller and the running summary read in its place, since what a
 * command printed is an observation whose facts the extraction rules take, not the person's words.
 */
import { exitStatusOf } from '../output/trailers.js';

const OPENING = /^I ran `([^\n]*)` myself:(?:\n|$)/;

/** The prompt that tells the model of a command the person ran, and its result. */
export function personCommandText(command: string, result: string): string {
  return `I ran \`${command}\` myself:\n${result}`;
}

/**
 * The command as one line, with how it ended: `the person ran \`npm test\`: exit status 1`. A text
 * not in the prompt's form is given by its first line.
 */
export function personCommandLine(text: string): string {
  const match = OPENING.exec(text);
  if (!match) return `the person ran: ${text.split('\n', 1)[0] ?? ''}`;
  const result = text.slice(match[0].length);
  const first = result.split('\n', 1)[0] ?? '';
  const status = first.startsWith('error:') ? 'failed' : exitStatusOf(first);
  const ending =
    status === undefined ? '' : /^-?\d+$/.test(status) ? `: exit status ${status}` : `: ${status}`;
  return `the person ran \`${match[1] ?? ''}\`${ending}`;
}
