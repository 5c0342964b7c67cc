/**
 * An in-memory stand-in for TraceApi.search, shared by the test fakes: a case-insensitive substring match of every
 * word over a few turns, with the engine's filters, paging and bad-request rule (no words → error).
 */
import { BadRequestError } from '@contract/guards'
import type { SearchHit, SearchOptions, SearchPage } from '@contract/model'

export type FakeSearchTurn = Omit<SearchHit, 'snippet'> & { text: string }

export const FAKE_SEARCH_TURNS: FakeSearchTurn[] = [
  {
    runId: 'run-a',
    runName: 'Run A',
    episodeId: 'run-a:0',
    taskKey: 't0',
    rollout: 0,
    step: null,
    turn: 1,
    role: 'assistant',
    toolName: null,
    text: 'I will guess the word crane first'
  },
  {
    runId: 'run-a',
    runName: 'Run A',
    episodeId: 'run-a:1',
    taskKey: 't1',
    rollout: 0,
    step: null,
    turn: 2,
    role: 'tool',
    toolName: 'python',
    text: 'Traceback: ZeroDivisionError in crane.py'
  },
  {
    runId: 'run-b',
    runName: 'Run B',
    episodeId: 'run-b:0',
    taskKey: 't0',
    rollout: 0,
    step: null,
    turn: 3,
    role: 'assistant',
    toolName: 'python',
    text: 'python\ncode: print(crane)'
  }
]

export function fakeSearch(turns: FakeSearchTurn[] = FAKE_SEARCH_TURNS) {
  return async (query: string, options?: SearchOptions | null): Promise<SearchPage> => {
    const words = query
      .toLowerCase()
      .replace(/["*]/g, ' ')
      .split(/\s+/)
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
    if (words.length === 0) throw new BadRequestError('search: the query has no words to look for (letters or digits)')
    const o = options ?? {}
    const all = turns.filter(
      (t) =>
        words.every((w) => t.text.toLowerCase().includes(w)) &&
        (!o.runIds?.length || o.runIds.includes(t.runId)) &&
        (!o.role || t.role === o.role) &&
        (!o.tool || t.toolName === o.tool)
    )
    const offset = o.offset ?? 0
    const hits = all.slice(offset, offset + (o.limit ?? 50)).map(({ text, ...hit }) => {
      const at = text.toLowerCase().indexOf(words[0])
      return {
        ...hit,
        snippet: { text: text.replace(/\n/g, ' '), matches: [[at, at + words[0].length]] as [number, number][] }
      }
    })
    return {
      query: words.map((w) => `"${w}"`).join(' '),
      order: o.order ?? 'relevance',
      hits,
      offset,
      total: all.length,
      unreadable: 0,
      totalCapped: false,
      rankWindow: null,
      pendingSources: 0
    }
  }
}
