// Resident memory of a process, from Linux /proc: the parse host watches its child with these (and
// kills it past its cap) and reports each file's peak. Where /proc is not there (macOS), every
// function answers null or false and the host falls back on the child's heap cap alone.
import { readFileSync, writeFileSync } from 'node:fs';

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resident set size now, in bytes. */
export function residentBytes(pid: number): number | null {
  return statusField(pid, 'VmRSS');
}

/** Highest resident set size since the process started or since resetPeakResident, in bytes. */
export function peakResidentBytes(pid: number): number | null {
  return statusField(pid, 'VmHWM');
}

/** Resets the peak to the current resident size (Linux: "5" to /proc/<pid>/clear_refs). */
export function resetPeakResident(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
