/** `rollscope search QUERY`: full-text search over every indexed turn, hits with run, episode, turn and snippet. */
import type { SearchHit, SearchOptions, SearchOrder, SearchPage, TurnRole } from '@contract/model'
import { intOption, stringOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { formatInt, oneLine } from '../../report/text-format'
import { resolveRun } from '../resolve-run'

const ROLES: TurnRole[] = ['system', 'user', 'assistant', 'tool', 'env']
const ORDERS: SearchOrder[] = ['relevance', 'index']

export const searchCommand: CommandSpec = {
  name: 'search',
  summary: 'full-text search over every turn (hits with run, episode, turn)',
  help: `Usage: rollscope search QUERY [--run RUN]… [--role ROLE] [--tool NAME] [--order relevance|index]
                        [--limit N] [--offset N] [--db FILE] [--json]

Searches the text, reasoning, tool-call arguments, tool results and recorded errors of every indexed episode.
Every word must match; "exact words" match as a phrase; a trailing * matches word starts (pars*);
a OR b matches either; -word or NOT word excludes; ( ) groups: (timeout OR killed) -retry
(a query that starts with - goes after --: rollscope search -- -retry timeout).
Operators are upper-case (or, and, not are words); anything else (:, ^, NEAR) is plain text.
Best matches come first (bm25); --order index lists hits in run, episode and turn order.
Options go before --: everything after it is the query.

A hit is one piece of a turn: its text and reasoning, or one of its tool calls; a text longer than
16,000 characters is searched in pieces of about that size. Every word of a query (and a phrase)
must be in the same piece, and a turn can be hit more than once (once per piece that matches).
Words are split at spaces and punctuation; each Chinese, Japanese or Korean character is a word of
its own, so 错误 finds those two characters side by side, inside any run of them (修复这个错误).

Options:
  --run RUN      only this run (id, name, folder or unique prefix; repeat for several)
  --role ROLE    only turns of this role: ${ROLES.join(', ')}
  --tool NAME    only calls of, and results from, this tool
  --order ORDER  relevance (default: best match first) or index (run, episode, turn)
  --limit N      at most N hits (default 50, at most 1000)
  --offset N     skip the first N hits
  --db FILE      database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json         print the SearchPage: { query, order, hits: [{ runId, runName, episodeId, taskKey,
                 rollout, step, turn, role, toolName, snippet: { text, matches } }], total, … }
                 (matches: [start, end) offsets in UTF-16 code units, JavaScript's string indices)
  -h, --help     show this help`,
  options: {
    run: { type: 'string', multiple: true },
    role: { type: 'string' },
    tool: { type: 'string' },
    order: { type: 'string' },
    limit: { type: 'string' },
    offset: { type: 'string' }
  },
  async run(ctx) {
    const query = ctx.positionals.join(' ')
    if (!query.trim()) throw new UsageError('search needs a QUERY (words, "a phrase", prefix*)', 'search')
    const options: SearchOptions = {
      limit: intOption(ctx.values, 'limit', 'search', { min: 1, max: 1000 }) ?? 50,
      offset: intOption(ctx.values, 'offset', 'search', { min: 0, max: 1e6 }) ?? 0
    }
    const role = stringOption(ctx.values, 'role', 'search')
    if (role !== undefined) {
      if (!ROLES.includes(role as TurnRole))
        throw new UsageError(`--role must be one of ${ROLES.join(', ')}, got '${role}'`, 'search')
      options.role = role as TurnRole
    }
    const tool = stringOption(ctx.values, 'tool', 'search')
    if (tool !== undefined) options.tool = tool
    const order = stringOption(ctx.values, 'order', 'search')
    if (order !== undefined) {
      if (!ORDERS.includes(order as SearchOrder))
        throw new UsageError(`--order must be one of ${ORDERS.join(', ')}, got '${order}'`, 'search')
      options.order = order as SearchOrder
    }
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const runArgs = (ctx.values.run as string[] | undefined) ?? []
    if (runArgs.length) {
      const runs = await callApi(ctx, engine, 'listRuns')
      options.runIds = runArgs.map((r) => resolveRun(runs, r).id)
    }
    const page = await callApi(ctx, engine, 'search', query, options)
    if (ctx.json) ctx.printJson(page)
    else ctx.print(formatSearch(page, filtersOf(options, runArgs)))
    return EXIT_OK
  }
}

/** The filters of a search as words, for a page that says what it searched: "in run wordle, tool 'bash'". */
function filtersOf(o: SearchOptions, runArgs: readonly string[]): string {
  const parts = [
    runArgs.length && `in ${runArgs.length === 1 ? 'run' : 'runs'} ${runArgs.join(', ')}`,
    o.role && `role ${o.role}`,
    // a tool's name is matched as the producer wrote it: `Bash` finds nothing where the calls are `bash`
    o.tool !== undefined && `tool '${o.tool}' (its exact name, case included)`
  ].filter(Boolean)
  return parts.join(', ')
}

/**
 * Whether the full-text query has more than words all required: an OR, an exclusion, a phrase or a prefix. A pasted
 * command (`python -m pytest`) reads as "python pytest, without m": the page then says how it read it.
 */
function hasOperators(query: string): boolean {
  // the query's terms are quoted ("x", a phrase "a b", "" inside one): read them left to right, then what is between
  const terms = [...query.matchAll(/"(?:[^"]|"")*"/g)].map((m) => m[0])
  const between = query.replace(/"(?:[^"]|"")*"/g, ' ')
  return terms.some((t) => t.includes(' ')) || /\b(?:OR|NOT)\b|\*/.test(between)
}

/** Hits as a list: where (run, episode, turn, role, tool), then the snippet with »matches« marked. */
export function formatSearch(page: SearchPage, filters = ''): string {
  const building = page.pendingSources
    ? `(the search index is still being built: ${formatInt(page.pendingSources)} files to go; hits may be missing)\n`
    : ''
  const unreadable = page.unreadable
    ? `${formatInt(page.unreadable)} ${page.unreadable === 1 ? 'hit' : 'hits'} of this page not shown: ${page.unreadable === 1 ? 'its file' : 'their files'} changed or went since indexing (re-index to search ${page.unreadable === 1 ? 'it' : 'them'} again).\n`
    : ''
  const scope = filters ? ` ${filters}` : ''
  if (page.hits.length === 0)
    return `${building}No hits for ${page.query}${scope}${page.offset ? ` past offset ${page.offset}` : ''}.\n${unreadable}`
  const reading = hasOperators(page.query) ? `Searched for ${page.query}${scope}.\n\n` : ''
  const lines = page.hits.map((h) => `${where(h)}\n    ${oneLine(marked(h))}`)
  const more = page.total > page.offset + page.hits.length
  const total = `${formatInt(page.total)}${page.totalCapped ? '+' : ''}`
  const footer = more
    ? `\nShowing ${formatInt(page.offset + 1)}–${formatInt(page.offset + page.hits.length)} of ${total} hits (use --limit N / --offset N for more).\n`
    : `\n${total} ${page.total === 1 ? 'hit' : 'hits'}.\n`
  const window = page.rankWindow
    ? `Ranked the first ${formatInt(page.rankWindow)} hits in index order only: the query matches more (narrow it, or --order index).\n`
    : ''
  return building + reading + lines.join('\n') + '\n' + footer + window + unreadable
}

function where(h: SearchHit): string {
  const tool = h.toolName ? ` ${h.toolName}` : ''
  const step = h.step !== null ? `  step ${h.step}` : ''
  return `${oneLine(h.runName)}  ${h.episodeId}  task ${oneLine(h.taskKey)} #${h.rollout}${step}  turn ${h.turn} (${h.role}${tool})`
}

/** The snippet with its matches between » and «. */
function marked(h: SearchHit): string {
  let out = ''
  let at = 0
  for (const [s, e] of h.snippet.matches) {
    out += h.snippet.text.slice(at, s) + '»' + h.snippet.text.slice(s, e) + '«'
    at = e
  }
  return out + h.snippet.text.slice(at)
}
