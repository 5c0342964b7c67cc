/** Property-based robustness of the verifiers and chat JSONL adapters (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { describe, it } from 'vitest'
import { chatJsonlAdapter } from '../../../src-main/formats/adapters/chat-jsonl'
import { verifiersAdapter } from '../../../src-main/formats/adapters/verifiers'
import { checkJsonlAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { fixture, ownFixture } from '../../helpers/fixtures-path'

const WORDLE = fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini/b5161fc3/results.jsonl')
const MATH = fixture('verifiers/willccbb-verifiers/math-python--gpt-4.1-mini/578769a7/results.jsonl')
const rows = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, 3)
    .map((l) => JSON.parse(l))

describe('adapter properties: verifiers and chat JSONL', () => {
  it('verifiers: random and mutated rows never throw out of the adapter', () => {
    checkJsonlAdapterProperties(verifiersAdapter, [...rows(WORDLE), ...rows(MATH)])
  })

  it('chat JSONL: random and mutated rows never throw out of the adapter', () => {
    const samples = rows(MATH).map((r) => ({
      messages: [...(r.prompt as unknown[]), ...(r.completion as unknown[])],
      id: r.id
    }))
    checkJsonlAdapterProperties(chatJsonlAdapter, samples)
  })

  it('truncated and corrupted results files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(MATH), name: 'results.jsonl' },
      { bytes: readFileSync(ownFixture('chat-jsonl/plain-chats.jsonl')), name: 'chat.jsonl' }
    ])
  }, 60_000)
})
