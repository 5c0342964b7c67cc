import { createHash } from 'node:crypto'
import type { ContentHash } from '../formats/actions/content-hash'
import type { EpisodeSummaryRecord } from '../formats/types'

/**
 * What an episode holds, in 16 characters (`episodes.fingerprint`, migration 0016): its prompt hash with the
 * checksum of its generated transcript (formats/actions/content-hash.ts). An episode known only from results (no
 * transcript on disk) is its outcome: prompt, reward, verdict, answer. Labels and notes keep the fingerprint of the
 * episode they were made on (labels/label-store.ts), and are flagged when it differs.
 */
export function episodeFingerprint(s: EpisodeSummaryRecord, content: ContentHash | null): string {
  const what =
    content === null
      ? JSON.stringify(['results', s.promptHash, s.reward, s.success, s.status, s.answer, s.error])
      : `${s.promptHash}:${content.a}:${content.b}:${content.values}`
  return createHash('sha1').update(what).digest('base64url').slice(0, 16)
}
