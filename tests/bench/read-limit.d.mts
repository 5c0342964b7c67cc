/** Types for read-limit.mjs. */
export function forEachLine(path: string, onLine: (line: string, bytes: number) => void): Promise<void>
export function readPass(files: string[]): Promise<{ bytes: number; lines: number; seconds: number }>
export function measureReadLimit(
  files: string[],
  passes?: number
): Promise<{ bytes: number; lines: number; seconds: number; mbPerSec: number; passes: number[] }>
