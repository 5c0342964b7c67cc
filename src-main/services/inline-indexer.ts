import type { IndexReport } from '@contract/model'
import type { Db } from '../db/open-db'
import { runJob } from '../indexer/index-job'
import type { IndexJob } from '../indexer/protocol'
import { ProgressTracker } from '../indexer/progress-tracker'
import { KEPT_MAX, Memo } from '../formats/context'
import type { IndexerClient, IndexerEvents } from './indexer-client'

/**
 * Same job queue as the worker indexer, run on the calling thread. For unit tests, which import
 * TypeScript sources that a worker thread cannot load; hosts use the worker.
 */
export function createInlineIndexer(db: Db, events: IndexerEvents, who = 'a Rollscope process'): IndexerClient {
  let chain: Promise<unknown> = Promise.resolve()
  let cancelled = false
  let queued = 0
  // what the format code keeps between jobs, for this indexer's life (as the worker keeps it)
  const kept = new Memo(KEPT_MAX)
  return {
    run(job: IndexJob): Promise<IndexReport> {
      queued++
      const result = chain.then(
        () =>
          new Promise<IndexReport>((resolve, reject) =>
            setImmediate(() => {
              try {
                const tracker = new ProgressTracker(events.onProgress)
                resolve(
                  runJob(db, job, { who, isCancelled: () => cancelled, tracker, onChanged: events.onChanged, kept })
                )
              } catch (err) {
                reject(err as Error)
              } finally {
                if (--queued === 0) cancelled = false
              }
            })
          )
      )
      chain = result.catch(() => undefined)
      return result
    },
    cancel() {
      if (queued) cancelled = true
    },
    busy: () => queued > 0,
    async close() {
      cancelled = true
      await chain
    }
  }
}
