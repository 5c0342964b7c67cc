/** Types for hostile-inputs.mjs (issue 17's inputs, generated for the tests and the bench). */
export function inspectHeader(task: string): Record<string, unknown>
export function writeEvalManyMessages(
  path: string,
  opts?: { messages?: number }
): { fileBytes: number; inflatedBytes: number; messages: number }
export function writeEvalBigHeader(
  path: string,
  opts?: { mb?: number; lines?: number }
): { fileBytes: number; inflatedBytes: number }
export function writeJsonlHugeLine(path: string, opts?: { messages?: number }): { fileBytes: number; messages: number }
export function writeJsonTinyNodes(path: string, opts?: { mb?: number; lines?: number }): { fileBytes: number }
export function nestedJson(depth: number, leaf?: string): string
export function nestedArrays(depth: number, leaf?: string): string
export function chatRecord(id: string, reward: number, extra?: Record<string, unknown>): Record<string, unknown>
export function deepInfoLine(id: string, depth: number): string
export function deepContentLine(id: string, depth: number): string
export function writeLongLine(path: string, opts?: { mb?: number; lines?: number }): { fileBytes: number }
