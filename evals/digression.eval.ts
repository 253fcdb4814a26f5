/**
 * The digression keeps the changed value: the person says the deploy window is Tuesday, then that it
 * is now Thursday, then has eight documents read. Under `target` the reader answers Thursday at 8,192
 * tokens, where the whole conversation is still in view, and at 4,096, where seven condensations have
 * dropped the turn that said it and the answer comes from the facts block.
 */
import { expect } from 'vitest';
import { describeScenario } from 'wisp-eval/vitest';
import 'wisp-eval/vitest/matchers';

describeScenario('digression', {
  strategies: ['target'],
  windows: [4096, 8192],
  // The hostname and the feature freeze are in later documents that a 4,096-token window condenses away.
  probes: ['deploy-window', 'deploy-window-time', 'task', 'rollback-contact'],
  onRun: (run) => {
    expect(run).toHaveNoAlarm();
    const window = run.record.probes.find((p) => p.id === 'deploy-window');
    expect(window?.reply).toContain('Thursday');
    if (run.record.window === 4096) expect(window?.evidence.channels).toEqual(['facts']);
    else expect(run).toCondenseAtMost(0);
  },
});
