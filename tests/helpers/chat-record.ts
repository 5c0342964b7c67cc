/**
 * One chat-JSONL record (the `chat-jsonl` format, verifiers-style): a user message (`task <id>` unless given) and the
 * assistant's answer, reward 1. No newline: callers join records as their test needs (a line each, or a file cut
 * mid-line).
 */
export function chatRecord(id: string, answer: string, user = `task ${id}`): string {
  return JSON.stringify({
    id,
    reward: 1,
    messages: [
      { role: 'user', content: user },
      { role: 'assistant', content: answer }
    ]
  })
}
