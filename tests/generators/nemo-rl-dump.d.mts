/** Types for nemo-rl-dump.mjs (the tests import the plain-JS generator). */
export function chatmlPrompt(question: string): string
export function trainLine(s: {
  content: string[]
  reward: number
  advantage: number
  sampleMask?: number
  padTo: number
  idx: number
}): string
export function valLine(messages: { role: string; content: string }[], reward: number, idx: number): string
export function writeNemoRlFixture(outDir: string): void
