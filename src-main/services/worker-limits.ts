import type { ResourceLimits } from 'node:worker_threads'

/**
 * V8 limits for the indexer and engine threads. Without them V8 sizes a worker's young generation for throughput:
 * on a 1 GB training run the indexer thread's heap reached 204 MB committed for ~25 MB of live objects (64 MB
 * scavenged at a time), and the serve process peaked at 515–580 MB; with 16 MB, 370 MB in the same time. On the
 * 5 GB run (500 steps × 512 rollouts, serve indexing it, then its curve) 16 MB peaked at 512 MB, 8 MB at 460 MB;
 * the 200 MB low-vocabulary index took 6.4–6.8 s against 6.1–6.6 s (noise): the indexer's objects are short-lived
 * (one line, one episode), so small scavenges free nearly everything. The old generation is left unbounded on
 * purpose: a hard cap would turn one oversized record into a crash.
 */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 }

/**
 * A reader thread's (services/reader-pool.ts): the same young generation, and an old generation bounded, so several
 * readers answering many clients cannot grow the process without limit (serve under 8 and 32 clients on the million
 * bench peaked at 541 MB unbounded: garbage of answered pages V8 had not yet collected). A call that would read a
 * record over 16 MB is declined before it reads it (formats/readers/big-reads.ts: running out of a bounded heap can
 * abort the whole process, not just the thread) and answered by the engine thread, unbounded as before
 * (routed-api.ts), as is a call whose reader stopped anyway. 128 MB holds a 10 MB, 2,000-turn episode read whole with
 * room to spare.
 */
export const READER_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 }
