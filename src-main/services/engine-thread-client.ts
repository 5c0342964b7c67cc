/**
 * The host's side of the engine-thread protocol: an Engine whose API calls are messages to the engine thread,
 * so a slow query (a 100k-task comparison, a 10 MB episode) never blocks the host's own thread.
 */
import { API_METHODS, type ApiError, type Result, type TraceApi, type TraceEvent } from '@contract/api'
import type { ExportSummary } from '@contract/export'
import { BadRequestError, NotComparableError, NotFoundError } from '@contract/guards'
import type { IndexProgress } from '@contract/model'
import type { Engine } from './engine-types'
import type { EnginePort, FromEngine, ToEngine } from './engine-thread-protocol'
import { chunkRelay, type ChunkRelay } from './export-relay'

export interface EngineThreadClient extends Engine {
  /** Rejects every waiting and future call with `err` (the thread died). */
  fail(err: Error): void
}

/** Turns a failed Result back into the error class dispatch() maps to the same code, so hosts answer alike. */
export function errorFromApi(e: ApiError): Error {
  if (e.code === 'not-comparable') return new NotComparableError(e.message)
  if (e.code === 'bad-request') return new BadRequestError(e.message)
  if (e.code === 'not-found') return new NotFoundError(e.message)
  return new Error(e.message)
}

/**
 * `close` is what the host's close() does after the engine thread said it closed (e.g. terminate the worker).
 */
export function connectEngine(
  port: EnginePort<FromEngine, ToEngine>,
  close: () => Promise<void> = async () => {}
): EngineThreadClient {
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const listeners = new Set<(e: TraceEvent) => void>()
  /** Exports streamed to a host-side writer, by id. */
  const relays = new Map<number, ChunkRelay>()
  let nextId = 1
  let dead: Error | null = null

  const request = <T>(message: ToEngine): Promise<T> => {
    if (dead) return Promise.reject(dead)
    return new Promise<T>((resolve, reject) => {
      pending.set(message.id, { resolve: resolve as (v: unknown) => void, reject })
      port.postMessage(message)
    })
  }
  const settle = (id: number, result: Result<unknown> | null): void => {
    const p = pending.get(id)
    pending.delete(id)
    if (!p) return
    if (result === null || result.ok) p.resolve(result?.value)
    else p.reject(errorFromApi(result.error))
  }
  port.on('message', (m) => {
    if (m.type === 'event') listeners.forEach((l) => l(m.event))
    else if (m.type === 'exportChunk') relays.get(m.id)?.push(m.chunk)
    else if (m.type === 'result' || m.type === 'indexed') settle(m.id, m.result)
    else if (m.type === 'closed') settle(m.id, null)
  })

  const api = Object.fromEntries(
    API_METHODS.map((method) => [method, (...args: unknown[]) => request({ type: 'call', id: nextId++, method, args })])
  ) as unknown as TraceApi

  const subscribe = (l: (e: TraceEvent) => void): (() => void) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }

  return {
    api,
    onEvent: subscribe,
    async indexPaths(paths, opts = {}) {
      const off = opts.onProgress
        ? subscribe((e) => e.name === 'indexProgress' && opts.onProgress?.(e.payload as IndexProgress))
        : null
      try {
        return await request({
          type: 'indexPaths',
          id: nextId++,
          paths,
          force: opts.force ?? false,
          waitMs: opts.waitMs
        })
      } finally {
        off?.()
      }
    },
    async exportTo(exportRequest, sink) {
      const id = nextId++
      const relay =
        'write' in sink
          ? chunkRelay(
              sink.write,
              (size) => port.postMessage({ type: 'exportWritten', id, size }),
              (message) => port.postMessage({ type: 'exportStopped', id, message })
            )
          : null
      if (relay) relays.set(id, relay)
      try {
        const summary = await request<ExportSummary>({
          type: 'export',
          id,
          request: exportRequest,
          toFile: 'file' in sink ? sink.file : null
        })
        await relay?.drained() // the last chunks may still be on their way into the sink
        return summary
      } catch (err) {
        await relay?.drained() // the sink's own failure says more than the engine's "the output was closed"
        throw err
      } finally {
        relays.delete(id)
      }
    },
    async close() {
      if (!dead) await request({ type: 'close', id: nextId++ }).catch(() => {})
      await close()
    },
    fail(err) {
      dead ??= err
      for (const p of pending.values()) p.reject(err)
      pending.clear()
    }
  }
}
