/**
 * The words for an episode that was not read whole (EpisodeDetail.cuts, issue 17), one wording for the viewer, the
 * CLI and the indexer's warnings: what was too large or too deep, what is shown of it, and why.
 */
import type { ReadCut } from './model'

const int = (n: number): string => n.toLocaleString('en-US')
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`

/** What a list's items are called: its key when it names them (`messages`, `events`, `steps`), else "items". */
export function itemNoun(path: string): string {
  const last = /([A-Za-z_]+)$/.exec(path)?.[1]
  return last && /s$/.test(last) && last.length > 2 ? last.replace(/_/g, ' ') : 'items'
}

/** True when only nesting was cut (nothing too large). */
export const onlyTooDeep = (cuts: readonly ReadCut[]): boolean => cuts.every((c) => c.kind === 'depth')

/** The banner's title: "Too large to open whole" or "Nested too deeply to open whole". */
export function readCutsTitle(cuts: readonly ReadCut[]): string {
  return onlyTooDeep(cuts) ? 'Nested too deeply to open whole' : 'Too large to open whole'
}

/**
 * One cut in words, e.g. "5,100,000 messages (`messages`): showing the first 1,000 and the last 1,000; 5,098,000
 * not read".
 */
export function readCutLine(c: ReadCut): string {
  const where = c.path === '' ? 'the record' : `\`${c.path}\``
  switch (c.kind) {
    case 'items': {
      const shown = c.tail ? `the first ${int(c.head)} and the last ${int(c.tail)}` : `the first ${int(c.head)}`
      return `${int(c.total)} ${itemNoun(c.path)} (${where}): showing ${shown}; ${int(c.total - c.head - c.tail)} not read`
    }
    case 'members':
      return `${int(c.total)} fields (${where}): showing the first ${int(c.head)}; ${int(c.total - c.head)} not read`
    case 'text':
      return `a ${mb(c.total)} text (${where}): showing its first ${mb(c.head)}`
    case 'depth':
      return `${where} is nested deeper than ${int(c.total)} levels: what lies deeper is shown as a note`
  }
}

/** Why, for the banner: memory stays bounded on any input. */
export const READ_CUTS_WHY =
  'Rollscope reads at most about a million values of one record, nested at most 64 deep, so that memory stays under ' +
  '500 MB whatever a file holds. The source file itself is untouched.'

/** The line drawn where a list's items were left out: "5,098,000 messages not read". */
export function notReadLine(count: number, noun = 'items'): string {
  return `${int(count)} ${noun} not read here (too large to open whole)`
}
