import { describe, expect, it } from 'vitest';
import { fieldErrors, fitImprovement, settingsPatch } from './memory-settings.ts';
import { chartLines, workloadRetentions } from './workload-chart.ts';

describe('memory settings', () => {
  it('sends only what changed', () => {
    const saved = { request_retention: 0.9, learning_steps: ['1m', '10m'], implicit_credit: true };
    expect(settingsPatch({ ...saved, learning_steps: ['1m', '10m'] }, saved)).toEqual({});
    expect(settingsPatch({ ...saved, learning_steps: ['2m'], implicit_credit: false }, saved)).toEqual({
      learning_steps: ['2m'],
      implicit_credit: false,
    });
  });

  it('puts a refusal on the setting it names', () => {
    expect(
      fieldErrors({ 'learning_steps.2': ['A step is a duration like 1m.'], maximum_interval: ['Too long.'] }),
    ).toEqual({ learning_steps: 'A step is a duration like 1m.', maximum_interval: 'Too long.' });
  });

  it('says how much better the schedule fits, or that it kept the old one', () => {
    expect(fitImprovement({ log_loss_before: 0.5, log_loss_after: 0.41 })).toBe(18);
    expect(fitImprovement({ log_loss_before: 0.5, log_loss_after: 0.52 })).toBe(0);
    expect(fitImprovement({ log_loss_before: null, log_loss_after: null })).toBeNull();
  });
});

describe('workload chart', () => {
  it('compares a lower, the chosen and a higher retention, inside 0.70–0.99', () => {
    expect(workloadRetentions(0.9)).toEqual([0.85, 0.9, 0.94]);
    expect(workloadRetentions(0.7)).toEqual([0.7, 0.74]);
    expect(workloadRetentions(0.99)).toEqual([0.94, 0.99]);
  });

  it('draws every series on one scale', () => {
    const [a, b] = chartLines(
      [
        [0, 10],
        [5, 5],
      ],
      100,
      50,
    );
    expect(a).toBe('0,48 100,4');
    expect(b).toBe('0,26 100,26');
  });
});
