/** Types for verifiers-writer.mjs. */
export interface Step {
  text?: string
  calls?: { name: string; args: Record<string, unknown>; result: string }[]
}
export interface RowSpec {
  exampleId: number
  system: string
  user: string
  steps: Step[]
  answer?: string
  info?: Record<string, unknown>
  reward: number
  metrics?: Record<string, number>
  generationS?: number
  totalS?: number
  startTime?: number
  tokensIn?: number
  tokensOut?: number
  stopCondition?: string
  truncated?: boolean
}
export function verifiersRow(s: RowSpec): Record<string, unknown>
export function writeVerifiersRun(
  outDir: string,
  run: { envId: string; model: string; runId: string; metadata: Record<string, unknown>; rows: object[] }
): string
export function call(name: string, args: Record<string, unknown>, result: string, text?: string): Step
export function answer(text: string): Step
