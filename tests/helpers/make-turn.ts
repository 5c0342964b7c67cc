import type { Turn } from '@contract/model'

/** An assistant turn with every field empty, overridden by `over` (renderer tests). */
export const makeTurn = (over: Partial<Turn>): Turn => ({
  index: 0,
  role: 'assistant',
  text: '',
  reasoning: null,
  toolCalls: [],
  toolCallId: null,
  toolName: null,
  isPrompt: false,
  isObservation: false,
  reward: null,
  done: null,
  tokens: null,
  ...over
})
