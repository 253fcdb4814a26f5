/**
 * The README's first claim, as tests: the codename stated in turn 1 survives six long reading turns
 * under `target` at 4,096 tokens, through the facts block and the summary, and is lost under
 * `dropping` at 8,192, which keeps only the last four turns.
 */
import { expect } from 'vitest';
import { describeScenario } from 'wisp-eval/vitest';
import 'wisp-eval/vitest/matchers';

describeScenario('codename', {
  strategies: ['target'],
  windows: [4096],
  // At 4,096 the two port questions lose their documents to condensing: the reader says it does not know.
  probes: ['codename', 'codename-chooser', 'first-file'],
  onRun: (run) => {
    expect(run).toKeepEvidence('codename-kept');
    expect(run).toHaveNoAlarm();
    expect(run).toScoreAtLeast({ correct: 3 });
    expect(run).toCondenseAtMost(2);
  },
});

describeScenario('codename', {
  strategies: ['dropping'],
  windows: [8192],
  probes: ['codename', 'codename-chooser'],
  // The codename's turn is dropped before turn 7: the reader says it does not know.
  abstain: ['codename'],
  onRun: (run) => {
    expect(run).not.toKeepEvidence('codename-kept');
    expect(run.record.probes.find((p) => p.id === 'codename')?.verdict).toBe('abstained');
    expect(run).toHaveNoAlarm();
  },
});
