/**
 * Is this tool result a harness timeout? Only the exact messages the harnesses write when they kill a command, not
 * any "timed out" in the output: a command's own output often says so (a test's ReadTimeout, a curl error), and
 * that is the command's result, not the tool timing out. Each pattern below is one harness's template:
 * - SWE-agent 1.x `command_cancelled_timeout_template` (the text starts with it);
 * - SWE-agent 0.x `EXECUTION TIMED OUT` (appended after the partial output, upper case);
 * - mini-swe-agent `timeout_template` (starts with it);
 * - OpenHands `Command timed out after N seconds` / `The command timed out after N seconds` (appended).
 * Only the head and tail of the text are looked at (the templates sit at one end), so a long output costs nothing.
 */

const HEAD =
  /^\s*(?:The command [\s\S]{0,2000}? was cancelled because it took more than [\d.]+ seconds|The last command <command>[\s\S]{0,2000}?<\/command> timed out and has been killed)/
const ANYWHERE = /EXECUTION TIMED OUT|\b[Cc]ommand timed out after [\d.]+ seconds\b/
const END_CHARS = 400

/** True when a tool result's text is a harness's "the command timed out" message. */
export function isTimeoutText(text: string): boolean {
  if (text.length === 0) return false
  if (HEAD.test(text.length > 2400 ? text.slice(0, 2400) : text)) return true
  if (text.length <= END_CHARS * 2) return ANYWHERE.test(text)
  return ANYWHERE.test(text.slice(0, END_CHARS)) || ANYWHERE.test(text.slice(-END_CHARS))
}

/**
 * True when a turn's recorded error is a timeout: Inspect's ToolCallError type `timeout` (the adapter writes
 * `timeout: <message>`), or an error whose text is one of the templates above.
 */
export function isTimeoutError(error: string): boolean {
  return /^timeout\b/i.test(error) || isTimeoutText(error)
}
