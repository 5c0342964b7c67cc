import type { ImageRef } from '@contract/model'
import { isObj, type Obj } from './record-fields'

/** Marker that stands for an image in turn text (base64 is never copied around). */
export const IMAGE_MARKER = '[image]'

/** True for a content part that carries an image (OpenAI, Responses, Inspect shapes). */
export const isImagePart = (part: Obj): boolean =>
  (typeof part.type === 'string' && part.type.includes('image')) || 'image_url' in part || 'image' in part

/**
 * Text of a message content: a string, null, or a list of parts (OpenAI / Responses / Inspect).
 * Text parts are joined with newlines; images become `[image]`, audio `[audio]`.
 */
export function contentText(content: unknown): string {
  if (content === null || content === undefined) return ''
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    const parts: string[] = []
    for (const part of content) {
      if (typeof part === 'string') parts.push(part)
      else if (isObj(part)) {
        const text = partText(part)
        if (text !== null) parts.push(text)
      }
    }
    return parts.join('\n')
  }
  if (isObj(content)) return partText(content) ?? JSON.stringify(content)
  return String(content)
}

function partText(part: Obj): string | null {
  if (typeof part.text === 'string') return part.text
  if (isImagePart(part)) return IMAGE_MARKER
  if (typeof part.type === 'string' && part.type.includes('audio')) return '[audio]'
  if (typeof part.content === 'string') return part.content
  if (typeof part.refusal === 'string') return part.refusal
  if (typeof part.output === 'string') return part.output
  return null
}

/**
 * Images of a message content, by reference: OpenAI `image_url{url}`, Responses `input_image{image_url}`,
 * Inspect `{type:"image", image}` (a data URI, URL or `attachment://` ref the adapter resolves first).
 * The reference is kept as it is: a data URI lives in the episode body, loaded on demand, never in a row.
 */
export function contentImages(content: unknown): ImageRef[] {
  if (!Array.isArray(content)) return isObj(content) && isImagePart(content) ? imageOf(content) : []
  const out: ImageRef[] = []
  for (const part of content) if (isObj(part) && isImagePart(part)) out.push(...imageOf(part))
  return out
}

function imageOf(part: Obj): ImageRef[] {
  const v = part.image_url ?? part.image ?? part.url ?? part.source
  const src =
    typeof v === 'string' ? v : isObj(v) && typeof (v.url ?? v.data) === 'string' ? String(v.url ?? v.data) : null
  if (!src) return []
  const mime = /^data:([^;,]+)/.exec(src)?.[1] ?? (typeof part.mime_type === 'string' ? part.mime_type : null)
  return [{ src, mime }]
}
