import { describe, expect, it } from 'vitest'
import { deepLinkOf } from '../../../src-renderer/src/boot/deep-link'
import { parseHash } from '../../../src-renderer/src/state/hash-route'

const HASHES = [
  '',
  '#/',
  '#/run/r1',
  '#/run/r1/episode/e1',
  '#/run/r1/episode/e%2F1/turn/12',
  '#/run/r1,r2/episode/e1/turn/3',
  '#/run/r1/episode/e1/turn/x',
  '#/run/r1/episode/e1/turn/1234567890',
  '#/run/r1/episode/%E0%A4%A',
  '#/run/%E0%A4%A/episode/e1',
  '#/run//episode/e1',
  '#/run/r1,/episode/e1',
  '#/run/r1/episode/',
  '#/compare/a/b/task/t',
  '#/run/r1/episode/e1?x=1',
  'run/r1/episode/e1'
]

describe('deepLinkOf', () => {
  it.each(HASHES)('reads %j as the app router does', (hash) => {
    const route = parseHash(hash)
    const link = deepLinkOf(hash)
    if (route.episodeId === null) expect(link).toBeNull()
    else expect(link).toEqual({ episodeId: route.episodeId, turn: route.turn ?? 0 })
  })
})
