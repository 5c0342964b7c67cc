/** Types for ms-swift-completions.mjs. */
export function writeMsSwiftFixture(outDir: string): void
