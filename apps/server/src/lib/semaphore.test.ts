import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('never runs more than its limit at once, and runs every task in order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      gate.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    while (order.length < 5) {
      await new Promise((r) => setTimeout(r, 1));
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()?.();
    }
    releases.forEach((release) => release());
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('frees its place when a task fails', async () => {
    const gate = new Semaphore(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
