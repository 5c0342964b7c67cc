/**
 * What the index keeps of an episode's actions, read here once for every format from the actions an adapter hands
 * over with its summary (types.ts EpisodeActions): calls per tool name (the compare's tool-use rows) and the facts
 * of the per-episode anomaly detectors (steps, repeated calls, empty final answer, tool errors, timeouts). An
 * adapter says what the agent did, never what it counts.
 */
import type { EpisodeActions } from '../types'
import { countMessageToolCalls, countTurnToolCalls, type ToolCallCounts } from './tool-call-counts'
import { messageFacts, turnFacts, type EpisodeFacts } from './episode-facts'
import { hashActions, type ContentHash } from './content-hash'

declare const madeByTally: unique symbol

/** Only tallyActions makes one (an adapter cannot hand over counts of its own). */
export interface ActionTally {
  /** Calls per tool name; `{}` = no tool called; null = unknown. */
  readonly toolCalls: ToolCallCounts | null
  /** Null = unknown (the actions are not recorded). */
  readonly facts: EpisodeFacts | null
  /** A checksum of the actions (content-hash.ts), for the episode's fingerprint; null = not recorded. */
  readonly content: ContentHash | null
  readonly [madeByTally]: true
}

const tally = (
  toolCalls: ToolCallCounts | null,
  facts: EpisodeFacts | null,
  content: ContentHash | null
): ActionTally => ({ toolCalls, facts, content }) as ActionTally

export function tallyActions(actions: EpisodeActions): ActionTally {
  switch (actions.kind) {
    case 'messages':
      return tally(countMessageToolCalls(actions.messages), messageFacts(actions.messages), hashActions(actions))
    case 'turns':
      return tally(countTurnToolCalls(actions.turns), turnFacts(actions.turns), hashActions(actions))
    case 'not-recorded':
      return tally(null, null, null)
    case 'tallied':
      return actions.tally
  }
}
