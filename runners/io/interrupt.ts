/**
 * Stopping on SIGINT or SIGTERM: the one place where what must happen on an interrupt registers.
 * The first signal marks the invocation interrupted and calls every registered hook (the matrix stops
 * handing out runs; cleanup of its own can be added here by any part of the harness); the runs in
 * hand then finish, temporary workspaces and the folder's lock are given back as on any end, and the
 * command says how far it got. A second signal stops the process at once.
 */

/** The signals an invocation stops on, and the exit status of each (128 + its number). */
export const INTERRUPT_STATUS = { SIGINT: 130, SIGTERM: 143 } as const;
export type InterruptSignal = keyof typeof INTERRUPT_STATUS;

let received: InterruptSignal | null = null;
const hooks = new Set<() => void>();

/** Calls `hook` on the first interrupt (at once, when one came already); the result unregisters it. */
export function onInterrupt(hook: () => void): () => void {
  if (received !== null) hook();
  hooks.add(hook);
  return () => void hooks.delete(hook);
}

/** The signal that interrupted this invocation, or null. */
export function interruptedBy(): InterruptSignal | null {
  return received;
}

/** Marks the invocation interrupted by `signal` and calls every hook; a second interrupt is ignored. */
export function interrupt(signal: InterruptSignal): void {
  if (received !== null) return;
  received = signal;
  for (const hook of hooks) hook();
}

/**
 * Makes SIGINT and SIGTERM interrupt the invocation: the first is `interrupt` with `notice` printed,
 * a second ends the process with the signal's status.
 */
export function stopOnSignals(notice: (signal: InterruptSignal) => void): void {
  for (const signal of Object.keys(INTERRUPT_STATUS) as InterruptSignal[]) {
    process.on(signal, () => {
      if (received !== null) process.exit(INTERRUPT_STATUS[signal]);
      interrupt(signal);
      notice(signal);
    });
  }
}
