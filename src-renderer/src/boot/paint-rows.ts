/**
 * Draws the deep link's first paint: a layer over the page (outside the app's #root) with the sidebar's column, the
 * episode's run and turn count, and its first turns as the transcript lays them out. Trace content is untrusted:
 * every text goes in through textContent, never as markup.
 */
import type { EpisodeHead } from '@contract/model'
import { groupThousands } from '../lib/long-text'
import { BOOT_STYLE } from './boot-style'
import type { BootRow } from './boot-rows'

import { BOOT_LAYER_ID } from './boot-ids'

/** An element with a class and, when given, its text (as text). */
function el(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const e = doc.createElement(tag)
  e.className = className
  if (text !== undefined) e.textContent = text
  return e
}

/**
 * The layer, not yet in the page. `activeIndex` is the highlighted turn (the link's, else the first), outlined as
 * the app outlines it; `sidebar` false when the person hid the workspace sidebar.
 */
export function buildBootLayer(
  doc: Document,
  head: EpisodeHead,
  rows: readonly BootRow[],
  opts: { activeIndex: number; sidebar: boolean }
): HTMLElement {
  const layer = el(doc, 'div', '')
  layer.id = BOOT_LAYER_ID
  layer.dataset.testid = 'boot-paint'
  // the app takes over in a moment: assistive tech should wait for it
  layer.setAttribute('aria-busy', 'true')
  layer.append(el(doc, 'style', '', BOOT_STYLE))
  if (opts.sidebar) {
    const side = el(doc, 'div', 'bp-side')
    side.append(el(doc, 'div', 'bp-brand', 'Rollscope'))
    layer.append(side)
  }
  const main = el(doc, 'div', 'bp-main')
  const bar = el(doc, 'div', 'bp-bar')
  bar.append(el(doc, 'span', 'bp-title', head.runName), el(doc, 'span', 'bp-note', 'Starting Rollscope…'))
  const tabs = el(doc, 'div', 'bp-tabs')
  tabs.append(el(doc, 'span', 'bp-tab', 'Transcript'), el(doc, 'span', 'bp-count', groupThousands(head.turnCount)))
  const list = el(doc, 'div', 'bp-rows')
  for (const row of rows) list.append(turnCard(doc, row, row.index === opts.activeIndex))
  main.append(bar, tabs, list)
  layer.append(main)
  return layer
}

function turnCard(doc: Document, row: BootRow, active: boolean): HTMLElement {
  const card = el(doc, 'article', `bp-turn${row.isPrompt ? ' bp-prompt' : ''}${active ? ' bp-active' : ''}`)
  // the bench and the end-to-end tests find the first paint's rows by these, as they find the app's by turn-row
  card.dataset.testid = 'boot-turn-row'
  card.dataset.turn = String(row.index)
  card.dataset.role = row.role
  const head = el(doc, 'div', 'bp-head')
  head.append(el(doc, 'span', 'bp-index', `#${row.index}`), el(doc, 'span', 'bp-badge', row.role))
  if (row.origin) head.append(el(doc, 'span', 'bp-tag', row.origin))
  if (row.observation) head.append(el(doc, 'span', 'bp-tag', 'observation'))
  if (row.toolLabel) head.append(el(doc, 'span', 'bp-tool', `↳ ${row.toolLabel}`))
  head.append(el(doc, 'span', 'bp-spacer'))
  if (row.tokens !== null) head.append(el(doc, 'span', 'bp-meta', `${groupThousands(row.tokens)} tok`))
  if (row.reward !== null) head.append(el(doc, 'span', 'bp-meta', `r = ${row.reward}`))
  card.append(head)
  if (row.folded) {
    const line = el(doc, 'div', 'bp-line-row')
    line.append(el(doc, 'span', 'bp-line', row.folded.line), el(doc, 'span', 'bp-size', row.folded.size))
    card.append(line)
    return card
  }
  if (row.reasoning) card.append(el(doc, 'div', 'bp-reasoning', `▸ ${row.reasoning}`))
  if (row.text !== '') card.append(el(doc, 'pre', `bp-text${row.mono ? ' bp-mono' : ''}`, row.text))
  if (row.more) card.append(el(doc, 'div', 'bp-more', row.more))
  if (row.empty) card.append(el(doc, 'div', 'bp-muted', '(empty)'))
  for (const call of row.calls) {
    const box = el(doc, 'div', 'bp-call')
    const callHead = el(doc, 'div', 'bp-call-head')
    callHead.append(el(doc, 'span', 'bp-call-name', `⚙ ${call.name}`))
    if (call.kind) callHead.append(el(doc, 'span', 'bp-tag', call.kind.toUpperCase()))
    if (call.id) callHead.append(el(doc, 'span', 'bp-call-id', call.id))
    box.append(callHead, el(doc, 'pre', 'bp-code', call.code))
    card.append(box)
  }
  return card
}
