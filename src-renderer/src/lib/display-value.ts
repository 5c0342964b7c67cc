import { readableText } from '@contract/terminal-text'
/** Any JSON value as one short line (objects compact JSON), plus the full text for a tooltip. */
export function displayValue(v: unknown, max = 160): { short: string; full: string } {
  let full: string
  if (v === null || v === undefined) full = '–'
  else if (typeof v === 'string') full = v
  else if (typeof v === 'number' || typeof v === 'boolean') full = String(v)
  else {
    try {
      full = JSON.stringify(v) ?? String(v)
    } catch {
      full = String(v)
    }
  }
  // trace text: escapes dropped, bidi overrides written out, in the chip and in its tooltip alike
  full = readableText(full)
  const flat = full.replace(/\s+/g, ' ')
  return { short: flat.length > max ? `${flat.slice(0, max - 1)}…` : flat, full }
}

/** Names of the tools offered to the model, from OpenAI-style or flat tool definitions. */
export function toolNames(tools: unknown[]): string[] {
  const names: string[] = []
  for (const t of tools) {
    if (!t || typeof t !== 'object') continue
    const o = t as { name?: unknown; function?: { name?: unknown } }
    const name = typeof o.name === 'string' ? o.name : typeof o.function?.name === 'string' ? o.function.name : null
    if (name) names.push(name)
  }
  return names
}
