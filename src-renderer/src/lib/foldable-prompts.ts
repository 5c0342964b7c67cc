import type { Turn } from '@contract/model'

/**
 * Positions of the prompts folded by default: every system prompt and the first user prompt,
 * unless it holds images or the one-line preview would already show all of it. Shared by the transcript and the
 * deep link's first paint (boot/), so both fold the same turns; that one may start past the first user prompt
 * (`userSeen`).
 */
export function foldablePrompts(turns: readonly Turn[], userSeen = false): Set<number> {
  const out = new Set<number>()
  turns.forEach((t, i) => {
    if (!t.isPrompt || (t.role !== 'system' && (t.role !== 'user' || userSeen))) return
    if (t.role === 'user') userSeen = true
    // a prompt's images stay in view; so does a prompt the one-line preview would show whole
    const oneLine = !t.text.includes('\n') && t.text.length <= 200 && t.toolCalls.length === 0
    if (!oneLine && !t.images?.length) out.add(i)
  })
  return out
}
