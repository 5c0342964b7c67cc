/** Types for inspect-bench.mjs (a test imports the baseline pass). */
export function inspectLimitPass(files: string[]): { bytes: number; members: number; seconds: number }
