/**
 * The tool-output budget: the most bytes one tool result may take. An eighth of the model's window
 * at four bytes a token, kept between 4 KiB and 64 KiB; the floor while the window is unknown.
 */

/** The budget's floor: what an 8,192-token window gives, and the budget while no window is known. */
export const MIN_TOOL_OUTPUT_BYTES = 4 * 1024;
/** The budget's ceiling, reached at a window of 131,072 tokens. */
export const MAX_TOOL_OUTPUT_BYTES = 64 * 1024;

/** The tool-output budget in bytes for a window of `window` tokens (undefined: not known yet). */
export function toolOutputBudget(window: number | undefined): number {
  // A window not known yet counts as none: it gets the floor, as a window of NaN or infinite tokens does.
  const bytes = Math.floor(((window ?? 0) / 8) * 4);
  if (!Number.isFinite(bytes)) return MIN_TOOL_OUTPUT_BYTES;
  return Math.min(MAX_TOOL_OUTPUT_BYTES, Math.max(MIN_TOOL_OUTPUT_BYTES, bytes));
}
