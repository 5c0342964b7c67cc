/**
 * Raw traces shaped like report 000 (../shared/docs/reports/000_e2a50188195b003b.txt): a BeautifulSoup scraping env
 * ("bs4-env") evaluated with verifiers, a Qwen3-8B baseline over the whole bench split (mode=all, 680 examples × 1)
 * and an RL checkpoint at step 440 over the mvp subset (mode=mvp, 50 examples × 3 rollouts: 135 perfect, 3 partial,
 * 12 failed, every failure on archetype mvp.aggregation_min_max at difficulty hard). Archetype scores of the baseline
 * follow the report's best and worst tables. Deterministic (no randomness): the same files every time.
 *
 * Synthetic, written from the report's description; the file shapes are verifiers' own (verifiers-writer.mjs).
 */
import { answer, call, verifiersRow, writeVerifiersRun } from './verifiers-writer.mjs'

/** Baseline mean reward per archetype (the report's worst and best tables, the rest spread around 0.68). */
export const ARCHETYPES = /** @type {[string, number][]} */ ([
  ['mvp.limit_image_text', 0],
  ['mvp.link_chain', 0],
  ['mvp.limit_canvas_text', 0.03],
  ['mvp.compare_products', 0.03],
  ['mvp.multi_hop_filter', 0.03],
  ['mvp.limit_js_required', 0.07],
  ['mvp.honeypot_detection', 0.1],
  ['mvp.pagination_follow', 0.2],
  ['mvp.table_merge', 0.35],
  ['mvp.nested_lists', 0.45],
  ['mvp.date_normalize', 0.5],
  ['mvp.price_currency', 0.55],
  ['mvp.form_fields', 0.6],
  ['mvp.sibling_walk', 0.65],
  ['mvp.css_selector', 0.7],
  ['mvp.attribute_filter', 0.7],
  ['mvp.text_cleanup', 0.75],
  ['mvp.extract_table', 0.75],
  ['mvp.count_elements', 0.8],
  ['mvp.extract_meta', 0.8],
  ['mvp.heading_outline', 0.85],
  ['mvp.aggregation_min_max', 0.88],
  ['mvp.comment_strip', 0.88],
  ['mvp.entity_decode', 0.9],
  ['mvp.id_lookup', 0.9],
  ['mvp.extract_text', 0.93],
  ['mvp.whitespace_norm', 0.95],
  ['mvp.extract_multilingual', 0.98],
  ['mvp.extract_rtl', 0.98],
  ['mvp.extract_links', 0.99],
  ['mvp.multivalue_class', 1],
  ['mvp.extract_images', 1],
  ['mvp.extract_attribute', 1],
  ['mvp.class_reserved_word', 1]
])
export const TASKS_PER_ARCHETYPE = 20
const DIFFICULTIES = ['easy', 'medium', 'hard']

const SYSTEM =
  'You are a web-scraping agent. Use the run_bs4 tool (Python with BeautifulSoup) on the given HTML, then give the answer inside <answer></answer>.'

/** The baseline's rewards for one archetype: a mean of exactly `p` over 20 tasks, mostly 0 / 1 with a few partials. */
function archetypeRewards(p) {
  const round = (x) => Math.round(x * 1000) / 1000
  const mass = round(p * TASKS_PER_ARCHETYPE)
  /** Partial rewards of 0.7 and a remainder that add up to `rest`. */
  const partials = (rest) => {
    const out = []
    while (rest >= 0.7 - 1e-9) {
      out.push(0.7)
      rest = round(rest - 0.7)
    }
    if (rest > 0) out.push(rest)
    return out
  }
  let perfect = Math.floor(mass * 0.88)
  let partial = partials(round(mass - perfect))
  // near a score of 1 the partials do not fit beside the perfect tasks: every task but one is perfect, one the rest
  if (perfect + partial.length > TASKS_PER_ARCHETYPE) {
    perfect = Math.floor(mass)
    partial = mass > perfect ? [round(mass - perfect)] : []
  }
  const out = [...Array(perfect).fill(1), ...partial]
  while (out.length < TASKS_PER_ARCHETYPE) out.push(0)
  if (out.length !== TASKS_PER_ARCHETYPE)
    throw new Error(`report 000 generator: ${out.length} rewards for archetype score ${p}`)
  // perfect, partial and failed tasks in that order: failures last (the hard ones)
  return out
}

/** Example id → its task (archetype, difficulty, prompt). */
function tasks() {
  const list = []
  ARCHETYPES.forEach(([archetype], a) => {
    for (let k = 0; k < TASKS_PER_ARCHETYPE; k++) {
      const exampleId = a * TASKS_PER_ARCHETYPE + k
      list.push({
        exampleId,
        archetype,
        difficulty: DIFFICULTIES[Math.min(2, Math.floor(k / 7))],
        user: `Task ${exampleId} (${archetype.slice(4)}): from the page below, extract what is asked.\n<html><body><div id="t${exampleId}">…</div></body></html>`
      })
    }
  })
  return list
}

/** A short scraping episode: one tool call, then the answer (two tool calls for the partial and failed ones). */
function steps(t, reward) {
  const code = `soup.select_one('#t${t.exampleId}').get_text()`
  const first = call(
    'run_bs4',
    { code },
    reward === 0 ? 'AttributeError: NoneType has no attribute get_text' : `value-${t.exampleId}`
  )
  if (reward === 1) return [first, answer(`<answer>value-${t.exampleId}</answer>`)]
  return [
    first,
    call('run_bs4', { code: `soup.find_all('div')` }, '[<div …>]'),
    answer(`<answer>${reward > 0 ? `value-${t.exampleId}?` : 'unknown'}</answer>`)
  ]
}

/** Writes both runs under outDir; returns their folders. @param {string} outDir */
export function generateReport000(outDir) {
  const all = tasks()
  const baselineRows = []
  ARCHETYPES.forEach(([, p], a) => {
    const rewards = archetypeRewards(p)
    for (let k = 0; k < TASKS_PER_ARCHETYPE; k++) {
      const t = all[a * TASKS_PER_ARCHETYPE + k]
      baselineRows.push(
        verifiersRow({
          exampleId: t.exampleId,
          system: SYSTEM,
          user: t.user,
          steps: steps(t, rewards[k]),
          answer: `value-${t.exampleId}`,
          info: { archetype: t.archetype, difficulty: t.difficulty },
          reward: rewards[k],
          metrics: { exact_match: rewards[k] === 1 ? 1 : 0 },
          generationS: 3 + (t.exampleId % 5),
          totalS: 4 + (t.exampleId % 5),
          tokensIn: 1800 + (t.exampleId % 40) * 10,
          tokensOut: 220 + (t.exampleId % 17) * 5,
          stopCondition: 'has_answer'
        })
      )
    }
  })
  const baseline = writeVerifiersRun(outDir, {
    envId: 'bs4-env',
    model: 'qwen/qwen3-8b',
    runId: '6a1b2c3d',
    metadata: {
      env_args: { split: 'bench', mode: 'all' },
      sampling_args: { temperature: 0.6, max_tokens: 4096 },
      pass_threshold: 0.5,
      date: '2026-01-08'
    },
    rows: baselineRows
  })

  // The RL checkpoint's mvp subset: the 4 hard aggregation_min_max tasks fail every rollout; 3 rollouts are partial.
  const minMax = all.filter((t) => t.archetype === 'mvp.aggregation_min_max' && t.difficulty === 'hard').slice(0, 4)
  const others = all
    .filter((t) => t.archetype !== 'mvp.aggregation_min_max')
    .filter((_, i) => i % 13 === 3)
    .slice(0, 46)
  const mvp = [...others.slice(0, 23), ...minMax, ...others.slice(23)]
  const rlRows = []
  let partials = 0
  for (const t of mvp) {
    for (let r = 0; r < 3; r++) {
      const failing = minMax.includes(t)
      const partial = !failing && partials < 3 && t.exampleId % 4 === 1 && r === 2
      if (partial) partials++
      const reward = failing ? 0 : partial ? 0.9 : 1
      rlRows.push(
        verifiersRow({
          exampleId: t.exampleId,
          system: SYSTEM,
          user: t.user,
          steps: steps(t, reward),
          answer: `value-${t.exampleId}`,
          info: { archetype: t.archetype, difficulty: t.difficulty },
          reward,
          metrics: { exact_match: reward === 1 ? 1 : 0 },
          generationS: 2 + r,
          totalS: 3 + r,
          tokensIn: 1500,
          tokensOut: 180 + r * 10,
          stopCondition: 'has_answer'
        })
      )
    }
  }
  if (partials !== 3) throw new Error(`report 000 generator: ${partials} partial rollouts instead of 3`)
  const rl = writeVerifiersRun(outDir, {
    envId: 'bs4-env',
    model: 'seconds-0/qwen3-8b-bs4-rl',
    runId: '9f8e7d6c',
    metadata: {
      env_args: { split: 'bench', mode: 'mvp' },
      sampling_args: { temperature: 0.6, max_tokens: 4096 },
      pass_threshold: 0.5,
      checkpoint_step: 440,
      date: '2026-01-08'
    },
    rows: rlRows
  })
  return { baseline, rl }
}
