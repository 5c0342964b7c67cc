/**
 * One SFT line per episode: its chat messages (chat-messages.ts), its tools and a `metadata` field naming the episode
 * it came from. `metadata` is a column SFT loaders leave alone: TRL's SFTTrainer reads `messages` (and `tools`) and
 * the Trainer drops the columns its model does not take; Hugging Face datasets load it as one struct column.
 *
 * A line should end with the model's own words. Episodes cut off mid-call end with a `tool` message, some end with
 * an empty assistant turn (the model stopped without a word: it would learn to stop so), a few with the
 * environment's last word (a user turn). The
 * `sftEnding` option says what to do with them: `trim` (default) ends the line at the last assistant message with
 * text, reasoning or calls (a final call stays, its result cut: the only call of a line without its tool message);
 * `drop` leaves the episode out; `keep` writes it as it is.
 *
 * An empty assistant turn inside a line (no text, reasoning or calls: a model that spent its budget on hidden
 * reasoning, as in the gpt-5-mini wordle run) is left out under `trim` and `drop` for the same reason: trained on,
 * it teaches the model to answer with nothing. The environment's reply to it stays (it holds the game's state), so
 * two user messages may follow each other. `keep` writes the transcript as it is, empty turns too.
 */
import type { EpisodeSummary } from '@contract/model'
import type { ExportPreview, SftEnding } from '@contract/export'
import { toChatMessages, toChatTools, type ChatMessage } from './chat-messages'
import type { ExportOptions, ExportSource } from './export-types'
import { readDetail } from './select-episodes'
import { conversationCut } from './transcript-cuts'

export const DEFAULT_SFT_ENDING: SftEnding = 'trim'

/** How a line's messages end: the model's words, a tool result, an empty assistant turn, or a user / system turn. */
export type LineEnding = 'assistant' | 'tool' | 'empty' | 'other'

/** An assistant message that says something: text, reasoning (some producers put the whole answer there) or calls. */
const said = (m: ChatMessage): boolean =>
  m.role === 'assistant' &&
  (m.content.trim() !== '' || (m.reasoning_content ?? '').trim() !== '' || (m.tool_calls?.length ?? 0) > 0)

export function lineEnding(messages: readonly ChatMessage[]): LineEnding {
  const last = messages.at(-1)
  if (!last) return 'other'
  if (last.role === 'tool') return 'tool'
  if (last.role === 'assistant') return said(last) ? 'assistant' : 'empty'
  return 'other'
}

/**
 * The messages without the empty assistant turns inside the line (followed by another message); a last message is
 * the ending rule's to judge.
 */
export function withoutEmptyTurns(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.filter((m, i) => m.role !== 'assistant' || said(m) || i === messages.length - 1)
}

/**
 * The messages cut after the last assistant message that says something (text, reasoning or calls): the trailing
 * tool results, empty assistant turns and user turns go. When that message made calls, they stay without their
 * results: the line ends with the model's last action, which is what it should learn to take. Empty when no
 * assistant message says anything.
 */
export function trimToLastWords(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.slice(0, messages.findLastIndex(said) + 1)
}

export interface SftLine {
  messages: ChatMessage[]
  tools: unknown[]
  metadata: SftMetadata
}

/** Where a line came from: enough to find the episode again (`rollscope show <episode_id>`). */
export interface SftMetadata {
  episode_id: string
  run_id: string
  run_name: string
  task_key: string
  rollout: number | null
  reward: number | null
  passed: boolean | null
  /** How the transcript ended before the line was written, and whether its tail was trimmed. */
  ending: LineEnding
  trimmed: boolean
  /** Empty assistant turns left out inside the line (withoutEmptyTurns). */
  empty_turns_left_out: number
}

/**
 * Why an episode gives no line. `not-read-whole`: the record was too large to read whole (EpisodeDetail.cuts): its
 * messages have a hole, and a training line must never be made of part of a conversation without saying so.
 */
export type SftSkip = 'not-passed' | 'no-verdict' | 'labelled' | 'no-assistant' | 'ending' | 'not-read-whole'

/** A skip as the export dialog's preview and the export's result count it (ExportPreview.skipped, skippedBy). */
export const SFT_SKIP_KEY = {
  'not-passed': 'notPassed',
  'no-verdict': 'noVerdict',
  labelled: 'labelled',
  'no-assistant': 'noAssistant',
  ending: 'ending',
  'not-read-whole': 'notReadWhole'
} as const satisfies Record<SftSkip, keyof ExportPreview['skipped']>

/** The episode's SFT line under the export's options, or why it has none (and how its messages ended, for counts). */
export async function sftLine(
  src: ExportSource,
  o: ExportOptions,
  e: EpisodeSummary
): Promise<{ line: SftLine; ending: LineEnding } | { skip: SftSkip; ending: LineEnding | null }> {
  // passed-only over an episode with no verdict (its run has no pass threshold) is not "failed": said apart
  if (o.passedOnly && e.passed !== true) return { skip: e.passed === null ? 'no-verdict' : 'not-passed', ending: null }
  const drop = new Set<number>()
  if (o.dropLabelled) {
    const wanted = o.dropLabelled.toLowerCase()
    const l = await src.getEpisodeLabels(e.id)
    if (l.labels.some((x) => x.toLowerCase() === wanted)) return { skip: 'labelled', ending: null }
    for (const t of l.turns) if (t.labels.some((x) => x.toLowerCase() === wanted)) drop.add(t.turn)
  }
  const d = await readDetail(src, e.id)
  if (conversationCut(d.cuts)) return { skip: 'not-read-whole', ending: null }
  const rule = o.sftEnding ?? DEFAULT_SFT_ENDING
  const transcript = toChatMessages(d.turns, drop)
  const all = rule === 'keep' ? transcript : withoutEmptyTurns(transcript)
  const ending = lineEnding(all)
  if (ending !== 'assistant' && rule === 'drop') return { skip: 'ending', ending }
  const messages = ending !== 'assistant' && rule === 'trim' ? trimToLastWords(all) : all
  if (!messages.some((m) => m.role === 'assistant')) return { skip: 'no-assistant', ending }
  return {
    ending,
    line: {
      messages,
      tools: toChatTools(d.tools),
      metadata: {
        episode_id: d.id,
        run_id: d.runId,
        run_name: d.runName,
        task_key: d.taskKey,
        rollout: d.rollout,
        reward: d.reward,
        passed: d.passed,
        ending,
        trimmed: messages.length !== all.length,
        empty_turns_left_out: transcript.length - all.length
      }
    }
  }
}
