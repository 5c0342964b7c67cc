/** Types for rllm-eval.mjs. */
export function writeRllmFixture(outDir: string): void
