import fs from 'node:fs';

/** Our parent and, where the system tells (Linux /proc), its parent: `npm start` is npm → shell → this launcher. */
export interface StartingProcesses {
  parent: number;
  grandparent: number | undefined;
}

/** The parent process id of `pid` (Linux), or undefined where it cannot be read. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and brackets, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

export function startingProcesses(): StartingProcesses {
  return { parent: process.ppid, grandparent: parentOf(process.ppid) };
}

/**
 * True once the process that started us has ended (we were re-parented), or the
 * one that started it has (our parent was re-parented): npm gone while its shell
 * lingers, or the shell gone while we run.
 */
export function startingProcessesEnded(at: StartingProcesses, ppid = process.ppid, parentOfPid = parentOf): boolean {
  if (ppid !== at.parent) return true;
  if (at.grandparent === undefined) return false;
  const now = parentOfPid(at.parent);
  return now !== undefined && now !== at.grandparent;
}
