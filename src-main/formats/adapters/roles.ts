import type { TurnRole } from '@contract/model'

const ROLES: Record<string, TurnRole> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  model: 'assistant',
  ai: 'assistant',
  gpt: 'assistant',
  tool: 'tool',
  function: 'tool',
  ipython: 'tool',
  environment: 'env',
  env: 'env',
  observation: 'env'
}

/**
 * Converts a message's role (any producer's spelling) to ours; unknown roles read as user. Only a string is a role:
 * String() of an object from the file runs its own toString (a `{"toString": false}` role threw).
 */
export const normalizeRole = (role: unknown): TurnRole =>
  (typeof role === 'string' ? ROLES[role.toLowerCase()] : undefined) ?? 'user'
