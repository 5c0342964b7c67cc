import type { ResourceLimits } from 'node:worker_threads'

/**
 * V8 limits for the indexer and engine threads. Without them V8 sizes a worker's young generation for throughput:
 * on a 1 GB training run the indexer thread's heap reached 204 MB committed for ~25 MB of live objects (64 MB
 * scavenged at a time, the old generation allowed to quadruple before a mark-compact), and the serve process
 * peaked at 515–580 MB. With a 16 MB young generation the same index peaks at 370 MB in the same time: the
 * indexer's objects are short-lived (one line, one episode), so small scavenges free nearly everything. The old
 * generation is left unbounded on purpose: a hard cap would turn one oversized record into a crash.
 */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 16 }
