import { readFileSync } from 'node:fs'

/**
 * This process's peak resident memory in MB (2^20 bytes): on Linux VmHWM, the high-water mark of its own address
 * space; elsewhere getrusage's maxRSS.
 *
 * Not maxRSS on Linux: it carries the peak of the process that started this one. libuv spawns with vfork, and exec
 * records the address space it leaves (the parent's) as the child's peak so far: a CLI spawned by a process that had
 * once held 600 MB reported 605 MB for indexing a 500 KB fixture, whose own peak (VmHWM) was 141 MB. Such a parent (a
 * script or a bench that had held ~1 GB before it spawned the first index, the runs after it smaller) is what issue 16's
 * "1,070 MB on the first index after a fresh install" looks like; no index of its corpus peaked above ~300 MB on its own.
 */
export function peakRssMb(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
    if (hwm) return Number(hwm[1]) / 1024
  } catch {
    // no /proc: not Linux
  }
  return process.resourceUsage().maxRSS / 1024
}
