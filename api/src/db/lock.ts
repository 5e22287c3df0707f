import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * PGlite has one connection and no lock of its own: two processes on one data dir would
 * corrupt it. Take `DATA_DIR/yardly.lock` first; a lock left by a dead process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'yardly.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readPid(path) === process.pid) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(path);
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `DATA_DIR is in use by pid ${holder} (${dataDir}). Stop that process or set another DATA_DIR.`,
        );
      }
      // Stale: its holder is gone (killed, or a crash). Take it over.
      try {
        unlinkSync(path);
      } catch {
        // Another starter took it over first; the next attempt sees its pid.
      }
    }
  }
  throw new DataDirInUseError(`Could not take the lock on DATA_DIR (${dataDir}); another process is starting on it.`);
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** A killed process stays a zombie until its parent reaps it: it holds nothing any more. */
function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (command) state ...": the command may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false; // no /proc (macOS): kill(pid, 0) is all we know
  }
}
