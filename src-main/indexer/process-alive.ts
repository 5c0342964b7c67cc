import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'

/** This machine's name: a lock held on another machine (a database on a shared disk) cannot be checked from here. */
export const HOST = hostname()

/**
 * When process `pid` started, as the kernel says it (Linux: field 22 of /proc/PID/stat, clock ticks since boot), or
 * null where the platform does not tell. Together with the pid it names one process: a pid reused after a crash has
 * another start time.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (field 2) may hold spaces and parentheses: count fields after its last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

/** Whether process `pid` (started at `start`, when known) still runs on this machine. */
export function processAlive(pid: number, start: string | null): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    // EPERM: it exists but belongs to another user
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (start === null) return true
  const now = processStart(pid)
  return now === null || now === start
}
