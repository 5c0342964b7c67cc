/**
 * Where in an opened episode each per-episode anomaly shows: the turn a loop reaches LOOP_REPEAT repeats, the first
 * failed or timed-out tool call, the empty final answer. Index time keeps only the codes (the transcript is not
 * stored); the viewer has the turns, so the same detectors (formats/actions/episode-facts.ts) run again over them here to point
 * at the turn.
 */
import type { AnomalyTurns, Turn } from '@contract/model'
import { argText, FailureFlags, RepeatCounter } from '../formats/actions/episode-facts'
import { LOOP_REPEAT } from './rules'

export function anomalyTurns(turns: readonly Turn[]): AnomalyTurns {
  const counter = new RepeatCounter()
  const failures = new FailureFlags()
  const at: AnomalyTurns = {}
  let lastAssistant: Turn | null = null
  for (const t of turns) {
    // Failures count in prompt turns too: some producers' index-time pass reads every message (an Inspect sample
    // whose input replays failed calls is flagged), and the viewer must find the turn the code came from.
    if (t.meta?.error) failures.error(t.meta.error)
    else if (t.isObservation) failures.result(t.text)
    if (at['tool-error'] === undefined && failures.toolError) at['tool-error'] = t.index
    if (at.timeout === undefined && failures.timeout) at.timeout = t.index
    if (t.isPrompt) continue
    for (const c of t.toolCalls) counter.add(c.name, argText(c.arguments))
    if (at.loop === undefined && counter.maxRepeat >= LOOP_REPEAT) at.loop = t.index
    if (t.role === 'assistant') lastAssistant = t
  }
  if (lastAssistant && lastAssistant.toolCalls.length === 0 && lastAssistant.text.trim() === '')
    at['empty-answer'] = lastAssistant.index
  return at
}
