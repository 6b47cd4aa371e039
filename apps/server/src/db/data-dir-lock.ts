import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PID_FILE = 'portal.pid';
/** Data directories this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** The embedded database is in use by another process; opening it too would damage its files. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running portal, or an admin command). ` +
        'Stop that process first: two processes on one data directory would damage it. ' +
        `If no such process is running, delete ${join(dataDir, PID_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Whether a process of this machine with that id runs (for a lock or a resource left by one that ended). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process with a file holding its pid, created exclusively. A file left by a process that
 * no longer runs (killed, crashed) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, PID_FILE);
  if (heldHere.has(file)) throw new DataDirInUseError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      // Our own pid in the file was left by an earlier process (a container restarts with the same pid).
      const heldByOther = Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder);
      if (heldByOther) throw new DataDirInUseError(dataDir, holder);
      unlinkSync(file);
    }
  }
  throw new Error(`Could not claim ${dataDir}: another process claims it at the same moment.`);
}
