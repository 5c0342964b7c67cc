type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Text of a message content: a string, null, or a list of parts (OpenAI / Responses / Inspect).
 * Text parts are joined; images become an `[image]` marker (base64 is never copied around).
 */
export function contentText(content: unknown): string {
  if (content === null || content === undefined) return ''
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    const parts: string[] = []
    for (const part of content) {
      if (typeof part === 'string') parts.push(part)
      else if (isObj(part)) {
        const type = typeof part.type === 'string' ? part.type : ''
        if (typeof part.text === 'string') parts.push(part.text)
        else if (type.includes('image') || 'image_url' in part || 'image' in part) parts.push('[image]')
        else if (type.includes('audio')) parts.push('[audio]')
        else if (typeof part.content === 'string') parts.push(part.content)
        else if (typeof part.refusal === 'string') parts.push(part.refusal)
      }
    }
    return parts.join('\n')
  }
  if (isObj(content) && typeof content.text === 'string') return content.text
  return JSON.stringify(content)
}

/** A one-line preview: whitespace collapsed, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat
}
