/**
 * One rollout of a trainer's dump whose prompt and generation are decoded text (NeMo-RL, AReaL, ms-swift): the
 * summary and the body every such adapter makes of it, given what its own fields say. The text holds the chat
 * template: decoded-chat.ts reads the turns back; the prompt's text is the task (its hash), so a prompt's rollouts
 * at a step are its GRPO group.
 */
import type { ChatTemplate } from '../chat-template-split'
import type { EpisodeBody, EpisodeSummaryRecord, RunHeader } from '../types'
import { decodedConversation } from './decoded-chat'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import type { Obj } from './record-fields'

/** A rollout's conversation: the prompt's text (the task) and the messages read from it and the generation. */
export interface DecodedRow {
  promptText: string
  prompt: Obj[]
  completion: Obj[]
  template: ChatTemplate
}

/** The conversation of a decoded prompt and its generation. */
export function decodedRow(promptText: string, completionText: string): DecodedRow {
  return { promptText, ...decodedConversation(promptText, completionText) }
}

/** What the adapter's own fields say of the rollout; the rest of the summary comes from the conversation. */
export type RowFields = Pick<EpisodeSummaryRecord, 'reward' | 'metrics' | 'info' | 'step'> &
  Partial<Pick<EpisodeSummaryRecord, 'answer' | 'success' | 'rollout' | 'tokensIn' | 'tokensOut'>>

export function rowSummary(row: DecodedRow, fields: RowFields): EpisodeSummaryRecord {
  const { reward } = fields
  return {
    sourceId: null, // trainers' dumps carry no task id that names a task: the task is the prompt
    promptHash: promptHash(row.promptText),
    answer: null,
    // passes when the reward is > 0, as the trainers' pass@k count
    success: reward === null ? null : reward > 0,
    status: 'ok',
    error: null,
    turns: row.prompt.length + row.completion.length,
    preview: previewOf(row.prompt),
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: null, // numbered by occurrence within the task and step: a group's rollouts
    actions: { kind: 'messages', messages: row.completion },
    ...fields
  }
}

/** The episode's turns, with the record's other fields (and the template the text was read with) as its info. */
export const rowBody = (row: DecodedRow, fields: Obj, raw: unknown): EpisodeBody => ({
  turns: messagesToTurns(row.prompt, row.completion),
  tools: [],
  infoFull: { ...fields, chat_template: row.template },
  raw
})

/** The header of a training run made of a dump's steps: named by its place, no model or env in the dump. */
export const trainingRunHeader = (name: string, header: Obj): RunHeader => ({
  name,
  model: null,
  env: null,
  createdAt: null,
  checkpointStep: null, // the dump spans the training steps: the step is per episode
  header,
  passThreshold: null
})
