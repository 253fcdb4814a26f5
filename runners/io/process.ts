/** Whether a process of this machine is alive: signal 0 probes it without touching it. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (thrown) {
    // EPERM: it exists, but belongs to another user.
    return (thrown as NodeJS.ErrnoException).code === 'EPERM';
  }
}
