import { describe, expect, it } from 'vitest';
import { DemoPuncher } from '../../connector/src/emulator/demo-puncher.ts';

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4_294_967_296;
  };
}

describe('demo punches', () => {
  it('alternate in and out per person, with a stay between a check-in and its check-out', () => {
    let now = 0;
    const puncher = new DemoPuncher({ userIds: Array.from({ length: 145 }, (_, i) => 1001 + i), meanGapMs: 4000, minStayMs: 60_000, punch: () => {}, random: seeded(7), now: () => now });
    const last = new Map<number, { state: number; at: number }>();
    let outs = 0;
    for (let i = 0; i < 2000; i++) {
      now += 4000;
      const { userId, state } = puncher.next();
      expect(userId).toBeGreaterThanOrEqual(1001);
      expect(userId).toBeLessThanOrEqual(1145);
      const before = last.get(userId);
      if (state === 1) {
        outs++;
        expect(before?.state).toBe(0);
        expect(now - before!.at).toBeGreaterThanOrEqual(60_000);
      } else {
        expect(before?.state ?? 1).toBe(1);
      }
      last.set(userId, { state, at: now });
    }
    expect(outs).toBeGreaterThan(500);
  });

  it('never checks someone in twice, even when everyone is in', () => {
    let now = 0;
    const puncher = new DemoPuncher({ userIds: [1, 2, 3], meanGapMs: 1000, minStayMs: 3_600_000, punch: () => {}, random: seeded(3), now: () => now });
    const states = new Map<number, number>();
    for (let i = 0; i < 50; i++) {
      now += 1000;
      const { userId, state } = puncher.next();
      expect(state).not.toBe(states.get(userId));
      states.set(userId, state);
    }
  });
});
