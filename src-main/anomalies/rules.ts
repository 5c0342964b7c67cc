/**
 * The anomaly detectors' thresholds, in one place so the code, the tests and the README say the same thing.
 *
 * Per-episode (decided at index time from what the adapter holds):
 * - `loop`: a cycle of 1 to LOOP_MAX_PERIOD tool calls, each with the same name and arguments, repeated LOOP_REPEAT
 *   or more times back to back (A A A, A B A B A B, A B C A B C A B C; over the episode's generated calls, in order,
 *   whatever text or tool output lies between them). Back to back only, on purpose: an agent re-running the same
 *   test command after each DIFFERENT edit (edit1 test edit2 test ...) calls it many times, and that is no loop.
 * - `empty-answer`: the episode's last generated assistant turn has no text and no tool call (or there is none).
 * - `truncated`: status truncated (the adapter's normalized status: max tokens, context, turn or time limit).
 * - `error`: status error, or an error recorded for the episode.
 * - `tool-error`: a generated turn of the transcript carries the producer's error (an Inspect ToolCallError, an
 *   OpenHands error observation, a tau2 tool error, a failed Gemini CLI call...), other than a timeout.
 * - `timeout`: a tool call timed out: Inspect's `timeout` tool error, or a tool result that is a harness's timeout
 *   message (SWE-agent, mini-swe-agent, OpenHands templates; formats/actions/tool-timeout.ts). Not the episode's own time limit:
 *   that is `truncated`.
 * Run-relative (recomputed whenever the run summary is refreshed):
 * - `short-success`: passed, with steps < SHORT_FACTOR × the median steps of the run's passed episodes (needs
 *   MIN_PASSED passed episodes; a too-easy or reward-hacked success is often much shorter than the others).
 * - `long-episode`: steps > LONG_FACTOR × the run's median steps AND above Q3 + LONG_IQR × IQR (needs MIN_EPISODES
 *   episodes); both, so a run whose lengths spread widely does not flag its ordinary tail.
 */
import type { AnomalyCode } from '@contract/model'

export const LOOP_REPEAT = 3
/** Cycle length the fact reader follows (it keeps only that many calls), defined where the calls are read. */
export { LOOP_MAX_PERIOD } from '../formats/actions/episode-facts'
export const SHORT_FACTOR = 0.5
export const MIN_PASSED = 5
export const LONG_FACTOR = 3
export const LONG_IQR = 3
export const MIN_EPISODES = 10

/** The run-relative codes: recomputed (dropped and re-added) on every summary refresh. */
export const RUN_CODES: readonly AnomalyCode[] = ['short-success', 'long-episode']
