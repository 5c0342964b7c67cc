/** Types for areal-dump.mjs. */
export function writeArealFixture(outDir: string): void
