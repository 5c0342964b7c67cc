/** Types for verl-dump.mjs (the integration test imports the plain-JS generator). */
export function generateVerlDump(opts: {
  outDir: string
  steps?: number
  groupSize?: number
  promptsPerStep?: number
  tasks?: number
  testFreq?: number
  valGroupSize?: number
  seed?: number | string
}): { rolloutDir: string; validationDir: string; steps: number }
