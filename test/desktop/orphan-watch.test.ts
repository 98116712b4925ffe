import { describe, expect, it } from 'vitest';
import { parentOf, startingProcesses, startingProcessesEnded } from '../../desktop/main/orphan-watch.ts';

describe('the launcher notices it was left behind', () => {
  it('when its parent ends (re-parented) or its parent\'s parent does', () => {
    const at = { parent: 100, grandparent: 50 };
    expect(startingProcessesEnded(at, 100, () => 50)).toBe(false);
    expect(startingProcessesEnded(at, 1, () => 50)).toBe(true); // the shell is gone
    expect(startingProcessesEnded(at, 100, () => 1)).toBe(true); // npm is gone, its shell lingers
    expect(startingProcessesEnded({ parent: 100, grandparent: undefined }, 100, () => undefined)).toBe(false);
  });

  it.skipIf(process.platform !== 'linux')('reads parents from /proc', () => {
    expect(parentOf(process.pid)).toBe(process.ppid);
    expect(startingProcesses()).toEqual({ parent: process.ppid, grandparent: parentOf(process.ppid) });
    expect(startingProcessesEnded(startingProcesses())).toBe(false);
  });
});
