/**
 * Recognising a context overflow in either of the forms a runtime raises: the typed error, or a
 * generic error whose message reads "Provided N tokens, but the maximum allowed is W" (numbers may
 * carry thousands separators). Silent truncation raises nothing and is caught ahead of the window.
 */
import { ContextOverflowError } from './port.js';

export interface Overflow {
  /** The window, when the error states it. */
  limit: number | null;
  /** The tokens the failed request took, when the error states it. */
  count: number | null;
}

const providedPattern =
  /Provided\s+([\d,.\u202f\u00a0 ]+?)\s+tokens?,\s+but the maximum allowed is\s+([\d,.\u202f\u00a0 ]+\d)/i;

function parseCount(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

/** The overflow an error reports, or null when it is some other failure. */
export function recogniseOverflow(error: unknown): Overflow | null {
  if (error instanceof ContextOverflowError) return { limit: error.limit, count: error.count };
  if (error instanceof Error) {
    const match = providedPattern.exec(error.message);
    if (match?.[1] && match[2]) return { count: parseCount(match[1]), limit: parseCount(match[2]) };
  }
  return null;
}
