import fs from 'node:fs';
import path from 'node:path';
import { OperatorError } from '../domain/errors.js';

export class DataDirBusyError extends OperatorError {
  override name = 'DataDirBusyError';
}

/** Whether a process with this id runs (one of another user's counts too). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded PostgreSQL is run, and stopped, by one server at a time. Takes DATA_DIR for this
 * process, or throws a plain message naming the process that holds it. A lock left by a dead
 * process is taken over: that is how a PostgreSQL still running after its server crashed is told
 * apart from one a live server runs. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processIsAlive(holder)) {
        throw new DataDirBusyError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder}. ` +
            'Stop that process first, or point DATA_DIR elsewhere. Nothing was changed.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${path.resolve(dataDir)}. Nothing was changed.`);
}
