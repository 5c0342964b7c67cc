/**
 * The trainer's own per-step figures of a run, whichever trainer wrote it (the run header says): read when a curve is
 * asked for, so the curve can say step by step whether Rollscope's mean reward equals the trainer's.
 */
import { primeRlStepFigures } from './adapters/prime-rl-metrics'
import { skyrlStepFigures } from './adapters/skyrl'
import type { ProducerStepLog } from './types'

export const producerStepLog = (header: Record<string, unknown>): ProducerStepLog | null =>
  primeRlStepFigures(header) ?? skyrlStepFigures(header)
