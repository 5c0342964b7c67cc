/**
 * SFT lines of a conversation with images carry the images (OpenAI content parts, each where its `[image]` marker
 * was), not the marker alone: Inspect's log_images fixture, and the rule itself.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { withImages } from '../../../src-main/export/chat-messages'
import { captureCli } from '../../helpers/capture-cli'
import { fixture } from '../../helpers/fixtures-path'

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-sft-images-'))
  expect((await cli('index', fixture('inspect-ai/log_images.json'))).code).toBe(0)
})

describe('SFT lines with images', () => {
  it('put each image where it was, as an image_url part (Inspect log_images)', async () => {
    const r = await cli('export', '--format', 'sft')
    expect(r.code).toBe(0)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { messages: { role: string; content: unknown }[] })
    const user = lines.flatMap((l) => l.messages).find((m) => m.role === 'user' && Array.isArray(m.content))
    expect(user).toBeDefined()
    const parts = user!.content as { type: string; text?: string; image_url?: { url: string } }[]
    expect(parts[0]).toEqual({ type: 'text', text: 'What is this a picture of?' })
    expect(parts[1].type).toBe('image_url')
    expect(parts[1].image_url!.url).toMatch(/^data:image\/\w+;base64,/)
    expect(r.stdout).not.toContain('[image]')
  })

  it('keeps the text as it is without images, and a marker whose image was not kept', () => {
    expect(withImages({ text: 'plain question' })).toBe('plain question')
    const png = { src: 'data:image/png;base64,AAAA', mime: 'image/png' }
    expect(withImages({ text: 'before\n[image]\nafter [image] end', images: [png] })).toEqual([
      { type: 'text', text: 'before' },
      { type: 'image_url', image_url: { url: png.src } },
      { type: 'text', text: 'after' },
      { type: 'text', text: '[image]' },
      { type: 'text', text: 'end' }
    ])
    // more images than markers: after the text
    expect(withImages({ text: 'look', images: [png, png] })).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image_url', image_url: { url: png.src } },
      { type: 'image_url', image_url: { url: png.src } }
    ])
  })
})
