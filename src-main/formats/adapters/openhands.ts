/**
 * OpenHands event streams (FORMATS.md §4.3): a JSON array of action and observation events, read into turns by
 * openhands-events.ts, one episode per file. No reward in the format.
 */
import { basename, dirname } from 'node:path'
import { RecordError, type DocumentAdapter } from '../types'
import { eventStreamModel, isEvent, readEventStream } from './openhands-events'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { isObj, timeMs } from './record-fields'
import { defineFormat } from '../define-format'

export const openhandsAdapter = defineFormat<DocumentAdapter>({
  format: 'openhands',
  priority: 120,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => Array.isArray(doc) && doc.length > 0 && doc.slice(0, 20).every(isEvent),

  index(doc, path) {
    if (!Array.isArray(doc)) throw new RecordError('not an OpenHands event stream')
    const { turns, messages, status, error, cost, tokensIn, tokensOut, termination } = readEventStream(doc)
    const prompt = messages.filter((m) => m.role === 'user').slice(0, 1)
    const model = eventStreamModel(doc)
    const stamps = doc.map((e) => (isObj(e) ? timeMs(e.timestamp) : NaN)).filter(Number.isFinite)
    return [
      {
        runKey: dirname(path),
        header: {
          name: basename(dirname(path)),
          model,
          env: null,
          createdAt: null,
          checkpointStep: null,
          header: { producer: 'openhands' },
          passThreshold: null
        },
        episodes: [
          {
            locator: '',
            summary: {
              sourceId: null,
              promptHash: promptHash(prompt.length ? prompt : [{ role: 'user', content: basename(path) }], 'all'),
              answer: null,
              reward: null,
              success: null,
              status,
              error,
              termination,
              turns: turns.length,
              preview: previewOf(prompt),
              metrics: {
                ...(cost !== null ? { cost_usd: cost } : {}),
                actions: turns.filter((t) => t.role === 'assistant').length
              },
              info: { file: basename(path) },
              tokensIn,
              tokensOut,
              durationMs: stamps.length > 1 ? Math.max(...stamps) - Math.min(...stamps) : null,
              actions: { kind: 'turns', turns: turns }
            }
          }
        ]
      }
    ]
  },

  parseEpisode(doc) {
    if (!Array.isArray(doc)) throw new RecordError('not an OpenHands event stream')
    return { turns: readEventStream(doc).turns, tools: [], infoFull: {}, raw: doc }
  }
})
