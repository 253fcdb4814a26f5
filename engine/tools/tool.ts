/**
 * Tools as the engine runs them. A tool's effects on the world go through a port its runner
 * provides (the workspace, the command runner), so the engine itself stays pure.
 */
import type { ToolSpec } from '../model/port.js';
import type { StoredOutput } from '../output/store-port.js';

export interface ToolResult {
  content: string;
  ok: boolean;
  /** A command's exit status; null when it was killed or timed out. */
  exitCode?: number | null;
  /** Set when the tool kept its whole result in the output store and shows only part of it. */
  stored?: StoredOutput;
}

export interface ToolContext {
  callId: string;
  turn: number;
  /** The tool-output budget in bytes: no result may exceed it. */
  budget: number;
  /** The conversation has the memory tool (notes about held-back output say how to recall it). */
  memory: boolean;
}

export interface Tool {
  readonly spec: ToolSpec;
  /** A tool that only reads may simply be called again to see its output. */
  readonly readOnly: boolean;
  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

/** An error result the model sees: one line that starts with `error:`. */
export function errorResult(message: string): ToolResult {
  return { content: `error: ${message}`, ok: false };
}

/** A string argument, or an error message naming it. */
export function stringArgument(args: Record<string, unknown>, name: string): string | { error: string } {
  const value = args[name];
  if (typeof value === 'string' && value.length > 0) return value;
  return { error: `the argument "${name}" must be a non-empty string` };
}

/** An optional positive whole-number argument. */
export function positiveIntArgument(
  args: Record<string, unknown>,
  name: string,
  fallback: number,
): number | { error: string } {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1) return n;
  return { error: `the argument "${name}" must be a whole number of 1 or more` };
}
