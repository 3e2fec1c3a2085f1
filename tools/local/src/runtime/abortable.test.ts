import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { captureProcessWarnings } from '../testing/warnings';
import { abortableDelay, pollerAborts } from './abortable';

describe('abortableDelay', () => {
  it('leaves no listener behind on the signal once it has waited, however often it is called', async () => {
    const warnings = captureProcessWarnings();
    const signal = new AbortController().signal;
    for (let i = 0; i < 30; i++) await abortableDelay(1, signal);
    warnings.stop();
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    expect(warnings.seen()).toEqual([]);
  });

  it('ends early when the signal aborts, and at once when it already has', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = abortableDelay(10_000, controller.signal);
    controller.abort();
    await waiting;
    await abortableDelay(10_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('pollerAborts', () => {
  it('gives each loop its own signal and aborts them all', () => {
    const aborts = pollerAborts();
    const signals = Array.from({ length: 12 }, () => aborts.next());
    expect(new Set(signals).size).toBe(12);
    aborts.abortAll();
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });
});
