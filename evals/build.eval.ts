/**
 * The build scenario's rate change, read back after the edit: the tests fail on SENIOR_DISCOUNT, the
 * person has it changed from 0.2 to 0.25 with edit_file, and the tests pass again. At 32,768 tokens,
 * under `target` and under `dropping`, nothing condenses and the reader answers 0.25 from the edited
 * file. (At 8,192 under `target` the turns of the edit are condensed into the summary, which names both
 * rates, and the reader answers with both: a miss with the evidence in view, not shown here.)
 */
import { expect } from 'vitest';
import { describeScenario } from 'wisp-eval/vitest';
import 'wisp-eval/vitest/matchers';

describeScenario('build', {
  strategies: ['target', 'dropping'],
  windows: [32768],
  probes: ['senior-discount', 'test-command', 'exit-status-now', 'dog-fare'],
  onRun: (run) => {
    expect(run).toCondenseAtMost(0);
    expect(run).toHaveNoAlarm();
    expect(run.record.probes.find((p) => p.id === 'senior-discount')?.reply).toContain('0.25');
  },
});
