/** Types for hostile-bench.mjs (the bench's hostile phase and the hostile-memory test). */
import type { ReadCut, SourceStatus } from '../../src-main/contract/model'

export const MEMORY_TARGET_MB: number
export const CONTROL_FILE: string

export interface HostileCase {
  name: string
  /** What the input is, in the words. */
  what: string
  /** The hostile file's name in the case's folder. */
  file: string
  write(path: string): void
}

export interface OpenedEpisode {
  id: string
  source: string
  turns: number
  cuts: ReadCut[]
  /** Position of the first turn after a gap, or -1. */
  gapAt: number
  /** Items not read before that turn, or null. */
  gap: number | null
  infoFull: Record<string, unknown>
  ms: number
}

export interface HostileResult {
  name: string
  what: string
  /** The hostile file's status in the index report. */
  file: SourceStatus | null
  /** The control file's status. */
  control: SourceStatus | null
  indexPeakMb: number | null
  indexMs: number
  /** Peak RSS of `rollscope serve` after opening every episode of the case (engine, indexer and server). */
  openPeakMb: number | null
  /** The slowest open. */
  openMs: number
  opened: OpenedEpisode[]
}

export const HOSTILE_CASES: HostileCase[]
export function measureHostileCase(
  cli: string,
  c: HostileCase,
  opts: { workDir: string; keep?: boolean }
): Promise<HostileResult>
export function measureHostile(
  cli: string,
  opts: { workDir: string; log?: (msg: string) => void }
): Promise<HostileResult[]>
