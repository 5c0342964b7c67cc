import type { ReadCut } from '@contract/model'

/**
 * Record fields that hold no part of the conversation: a cut there (an `info` nested past the depth read, a huge
 * `metadata`) leaves every message whole, unless it is where the tools are described (verifiers' `info.oai_tools`:
 * a line's `tools`). Every other cut may be inside the messages, wherever a format keeps them.
 */
const OUTSIDE_THE_CONVERSATION = new Set(['info', 'metadata'])

/**
 * Whether what was not read of a record (EpisodeDetail.cuts) may have taken part of its conversation: a training line
 * (SFT, a preference pair) is never made of part of one. An episode whose only cut is deep in its `info` was left out
 * although every message was read.
 */
export function conversationCut(cuts: readonly ReadCut[] | undefined): boolean {
  return (cuts ?? []).some((c) => !OUTSIDE_THE_CONVERSATION.has(c.path.split(/[.[]/)[0]) || /tool/i.test(c.path))
}
