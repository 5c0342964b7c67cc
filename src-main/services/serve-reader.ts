/**
 * A reader thread's side: read-only connections to the index and labels files, the read-only part of the TraceApi
 * over them (trace-service.ts createReadService), and the message loop answering calls through the same argument
 * checks as every transport. Only methods the method list marks `read` are answered (contract/api.ts ApiAccess): the
 * thread has no write access, so a write routed here by mistake is refused by name rather than by SQLite.
 */
import Database from 'better-sqlite3'
import { isApiMethod, isReadMethod, type ReadApi, type ReadMethod } from '@contract/api'
import { parseApiArgs } from '@contract/guards'
import { openDb, type Db } from '../db/open-db'
import { queryCacheOf } from '../db/query-cache'
import { HitRowCache } from '../search/hit-rows'
import { attachLabels, labelsDbPath } from '../labels/labels-db'
import { dispatchTo, type CheckedMethods } from './dispatch'
import type { EnginePort } from './engine-thread-protocol'
import { collectAfterBigReads, TooBigForThisThreadError } from '../formats/readers/big-reads'
import { toJsonResult } from './json-result'
import type { FromReader, ReaderOptions, ToReader } from './reader-protocol'
import { createReadService } from './trace-service'

const READ_CHECKS: CheckedMethods<ReadMethod> = {
  what: 'read-only method',
  has: (name): name is ReadMethod => isApiMethod(name) && isReadMethod(name),
  parseArgs: parseApiArgs
}

export interface OpenReader {
  api: ReadApi
  close(): void
}

/** Opens the reader's connections (read-only: they never take the write lock, so they never wait on the indexer). */
export function openReader(o: ReaderOptions): OpenReader {
  const db = openDb(o.dbPath, { readonly: true, cacheMb: o.cacheMb })
  queryCacheOf(db, o.answerCacheBytes)
  let labelsDb: Db | null = null
  try {
    // attached read-only like the connection itself; its own connection serves the reads of the labels file alone
    attachLabels(db, labelsDbPath(o.dbPath))
    labelsDb = new Database(labelsDbPath(o.dbPath), { readonly: true })
    labelsDb.pragma('busy_timeout = 5000')
    labelsDb.pragma('cache_size = -2048')
  } catch (err) {
    db.close()
    throw err
  }
  const labels = labelsDb
  const api = createReadService({ db, labelsDb: labels, info: o.info, hitRows: new HitRowCache(o.hitRowChars) })
  return {
    api,
    close() {
      db.close()
      labels.close()
    }
  }
}

/** A call that would read a record too big for this thread's bounded heap is handed back, not answered. */
const isTooBig = (err: unknown): boolean => err instanceof TooBigForThisThreadError

/** Answers calls arriving on `port`, one after another (each is synchronous SQLite): the pool sends one at a time. */
export function serveReader(api: ReadApi, port: EnginePort<ToReader, FromReader>): void {
  port.on('message', (m) => {
    if (m.type !== 'call') return
    void dispatchTo(api, READ_CHECKS, m.method, m.args, isTooBig).then(
      (result) => {
        if (!m.json) port.postMessage({ type: 'result', id: m.id, result })
        else {
          const { bytes, code } = toJsonResult(result)
          port.postMessage({ type: 'json', id: m.id, bytes, code }, [bytes.buffer as ArrayBuffer])
        }
        // a call that read a record of MBs leaves it as garbage this thread, idle now, would keep (big-reads.ts)
        collectAfterBigReads()
      },
      (err: Error) => port.postMessage({ type: 'declined', id: m.id, message: err.message })
    )
  })
  port.postMessage({ type: 'ready' })
}
