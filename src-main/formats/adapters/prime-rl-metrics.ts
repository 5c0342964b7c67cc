/**
 * prime-rl's own per-step figures, to check the training curve against: the file monitor appends one line per step
 * to `<output_dir>/metrics.jsonl` (`src/prime_rl/monitors/file.py` FileMonitor.log_metrics, `{step, time, …metrics}`),
 * where the orchestrator's metrics (`src/prime_rl/orchestrator/metrics.py`) name the batch's mean reward
 * `train/agg/all/<agent>/reward/mean` (over every trace of the step's `all` subset: `Trace.reward`, 0 when no reward
 * ran) and an eval's `eval/<env>/all/<agent>/avg@<k>`. Read when a curve is asked for, not while indexing: the log
 * grows every step, and naming it a companion of every step's file would re-read them all each time.
 */
import { closeSync, openSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { readLines } from '../readers/line-reader'
import { parseJsonLine } from '../readers/tolerant-json'
import type { ProducerStepLog } from '../types'
import { isObj, num } from './record-fields'

/** The log's file name in the output folder (FileMonitorConfig.path's default). */
export const METRICS_FILE = 'metrics.jsonl'

/** A figure the producer logged for one step. */
export interface StepFigure {
  step: number
  /** The key it was logged under. */
  label: string
  value: number
}

/** Longest metrics line looked at (a step logs a few hundred scalars). */
const MAX_LINE_BYTES = 8e6

/** Whether a key is the batch's mean reward for train work, or an eval's avg@k. */
function rewardKey(kind: 'train' | 'eval', key: string): boolean {
  return kind === 'train'
    ? /^train\/agg\/all\/[^/]+\/reward\/mean$/.test(key)
    : /^eval\/[^/]+\/all\/[^/]+\/avg@\d+$/.test(key)
}

/**
 * The mean reward prime-rl logged at each step for `kind`, from `<outputDir>/metrics.jsonl`; null when there is no
 * log. A step whose line names several agents' rewards is left out (which one the curve is is not said), and so is a
 * step logged twice with different values (a resumed run appends again) keeping the last.
 */
export function readStepFigures(outputDir: string, kind: 'train' | 'eval'): StepFigure[] | null {
  const path = join(outputDir, METRICS_FILE)
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  const byStep = new Map<number, StepFigure>()
  try {
    readLines(fd, 0, MAX_LINE_BYTES, (line) => {
      const row = parseLine(line.text)
      const step = row ? num(row.step) : null
      if (!row || step === null || !Number.isInteger(step)) return
      const keys = Object.keys(row).filter((k) => rewardKey(kind, k))
      const value = keys.length === 1 ? num(row[keys[0]]) : null
      if (value === null) return
      byStep.set(step, { step, label: keys[0], value })
    })
  } finally {
    closeSync(fd)
  }
  return [...byStep.values()].sort((a, b) => a.step - b.step)
}

function parseLine(text: string): Record<string, unknown> | null {
  try {
    const v = parseJsonLine(text)
    return isObj(v) ? v : null
  } catch {
    return null
  }
}

/** What identifies a version of the log (a cache of its figures is good while these stay the same). */
export function metricsVersion(outputDir: string): string | null {
  try {
    const s = statSync(join(outputDir, METRICS_FILE))
    return `${s.size}:${s.mtimeMs}`
  } catch {
    return null
  }
}

/** Figures of the logs read lately, by output folder and kind, kept while the log is unchanged. */
const cache = new Map<string, { version: string; figures: StepFigure[] | null }>()
const CACHE_SIZE = 16

/**
 * The producer's per-step mean reward of a prime-rl run (its header says where its output folder is and which work it
 * is), with where it comes from; null for another run or without a log.
 */
export function primeRlStepFigures(header: Record<string, unknown>): ProducerStepLog | null {
  const { producer, outputDir, work } = header
  if (producer !== 'prime-rl' || typeof outputDir !== 'string' || (work !== 'train' && work !== 'eval')) return null
  const version = metricsVersion(outputDir)
  if (version === null) return null
  const key = `${outputDir}\n${work}`
  let hit = cache.get(key)
  if (!hit || hit.version !== version) {
    hit = { version, figures: readStepFigures(outputDir, work) }
    cache.delete(key)
    cache.set(key, hit)
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
  }
  return hit.figures && hit.figures.length ? { source: join(outputDir, METRICS_FILE), figures: hit.figures } : null
}
