import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Resident memory now and at its peak (VmHWM), bytes; null when the process is gone. */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used, ms; null when it is gone. */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The open-files limit (soft, hard) a shell started from here gets. */
export function fileLimits(): { soft: number; hard: number } {
  const read = (flag: string) => {
    const v = execFileSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim();
    return v === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(v);
  };
  return { soft: read('-Sn'), hard: read('-Hn') };
}
