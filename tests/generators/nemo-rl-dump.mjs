/**
 * NeMo-RL GRPO dumps, written as NVIDIA-NeMo/RL (7ea279a) writes them (tests/fixtures/nemo-rl/README.md):
 * `Logger.log_batched_dict_as_jsonl` (nemo_rl/utils/logger.py) puts one `json.dumps({**sample, "idx": i},
 * default=str)` line per sample, where `sample` is a one-row slice of the batch, so every value is a list of one
 * element; nemo_rl/algorithms/grpo.py logs `train_data_step{N}.jsonl` (content strings, rewards, input_lengths and the
 * per-token arrays) and `val_data_step{N}.jsonl` (`{role, content}` message logs and rewards).
 *
 * Run as a script to rewrite the fixture: `node tests/generators/nemo-rl-dump.mjs tests/fixtures/nemo-rl`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pyDumps } from './py-json.mjs'

const QWEN_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.'
const PAD = 151643
const FLOATS = ['rewards', 'filtered_rewards', 'sample_loss_mask', 'advantages', 'generation_logprobs', 'prev_logprobs']

/** The math data processor's user message: `apply_chat_template([user], add_generation_prompt=True)` (Qwen2.5). */
export const chatmlPrompt = (question) =>
  `<|im_start|>system\n${QWEN_SYSTEM}<|im_end|>\n<|im_start|>user\n${question}<|im_end|>\n<|im_start|>assistant\n`

/** Fake token ids for a text (one per 4 characters, at least one): lengths are all a fixture needs. */
const idsOf = (text, seed) =>
  Array.from({ length: Math.max(1, Math.ceil(text.length / 4)) }, (_, i) => 1000 + ((seed * 31 + i * 7) % 90000))

/**
 * One training line: the batch's row `i` as grpo.py's `log_data` holds it (content, rewards, input_lengths, token
 * ids padded to the batch's longest, masks, advantages, logprobs), each value a one-element list.
 * @param {{ content: string[], reward: number, advantage: number, sampleMask?: number, padTo: number, idx: number }} s
 */
export function trainLine(s) {
  const seqs = s.content.map((t, k) => idsOf(t, s.idx * 10 + k))
  const ids = seqs.flat()
  const len = ids.length
  const pad = (arr, v) => [...arr, ...Array(Math.max(0, s.padTo - arr.length)).fill(v)]
  const genMask = seqs.flatMap((seq, k) => seq.map(() => (k % 2 === 1 ? 1 : 0)))
  const logprobs = genMask.map((m, k) => (m ? -((k % 9) + 1) / 8 : 0))
  const row = {
    content: [s.content],
    rewards: [s.reward],
    input_lengths: [len],
    token_ids: [pad(ids, PAD)],
    token_loss_mask: [pad(genMask, 0)],
    sample_loss_mask: [s.sampleMask ?? 1],
    advantages: [
      pad(
        genMask.map((m) => (m ? s.advantage : 0)),
        0
      )
    ],
    generation_logprobs: [pad(logprobs, 0)],
    prev_logprobs: [pad(logprobs, 0)],
    idx: s.idx
  }
  return pyDumps(row, { floatKeys: FLOATS })
}

/** One validation line: the sample's `{role, content}` message log and its total reward. */
export const valLine = (messages, reward, idx) =>
  pyDumps({ content: [messages], rewards: [reward], idx }, { floatKeys: FLOATS })

const QUESTIONS = [
  ['What is 17 * 23?', '391'],
  ['A train travels 60 km in 45 minutes. What is its speed in km/h?', '80']
]

/** GRPO advantages of a group: (r - mean) / (std + 1e-6), leave-one-out off (NeMo's default normalization). */
function advantages(rewards) {
  const mean = rewards.reduce((a, b) => a + b, 0) / rewards.length
  const std = Math.sqrt(rewards.reduce((a, r) => a + (r - mean) ** 2, 0) / (rewards.length - 1))
  return rewards.map((r) => (std > 0 ? Number(((r - mean) / (std + 1e-6)).toFixed(4)) : 0))
}

const answer = (q, right) =>
  right
    ? `Let me compute it step by step. ${q[0].includes('train') ? '60 km / 0.75 h = 80 km/h.' : '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'} The answer is \\boxed{${q[1]}}.<|im_end|>`
    : `I think the answer is \\boxed{${Number(q[1]) + 9}}.<|im_end|>`

/** A training step: each question twice (num_generations_per_prompt 2, repeat_interleave), rewards as given. */
function trainStep(dir, step, rights, masks = []) {
  const rows = []
  QUESTIONS.forEach((q, p) => {
    const rewards = rights[p].map((ok) => (ok ? 1 : 0))
    const adv = advantages(rewards)
    rights[p].forEach((ok, g) =>
      rows.push({ content: [chatmlPrompt(q[0]), answer(q, ok)], reward: rewards[g], advantage: adv[g] })
    )
  })
  const padTo = Math.max(...rows.map((r) => r.content.reduce((n, t, k) => n + idsOf(t, k).length, 0))) + 3
  const lines = rows.map((r, idx) => trainLine({ ...r, idx, padTo, sampleMask: masks[idx] }))
  writeFileSync(join(dir, `train_data_step${step}.jsonl`), lines.map((l) => l + '\n').join(''))
}

function valStep(dir, step, rights) {
  const lines = []
  QUESTIONS.forEach((q, p) =>
    rights[p].forEach((ok) =>
      lines.push(
        valLine(
          [
            { role: 'user', content: chatmlPrompt(q[0]) },
            { role: 'assistant', content: answer(q, ok) }
          ],
          ok ? 1 : 0,
          lines.length
        )
      )
    )
  )
  writeFileSync(join(dir, `val_data_step${step}.jsonl`), lines.map((l) => l + '\n').join(''))
}

/** The sliding-puzzle game: generations stop at `</action>`, the environment's board comes back raw (untemplated). */
function puzzleStep(dir) {
  const prompt = chatmlPrompt(
    'Solve the 2x2 sliding puzzle. Board:\n1 2\n_ 3\nReply with <action>up|down|left|right</action>.'
  )
  const rows = [
    {
      content: [
        prompt,
        'The blank must move right.<action>right</action>',
        '<environment>\n1 2\n3 _\n\nSolved!\n</environment>'
      ],
      reward: 1,
      advantage: 0.7071
    },
    {
      content: [
        prompt,
        'Let me look first.<action>view</action>',
        '<environment>\n1 2\n_ 3\n\nViewing the board. No move made.</environment>',
        '<action>up</action>',
        '<environment>\n_ 2\n1 3\n</environment>'
      ],
      reward: 0,
      advantage: -0.7071
    }
  ]
  const padTo = 80
  const lines = rows.map((r, idx) => trainLine({ ...r, idx, padTo }))
  writeFileSync(join(dir, 'train_data_step1.jsonl'), lines.map((l) => l + '\n').join(''))
}

/** Writes the fixture: two experiments of one log dir. */
export function writeNemoRlFixture(outDir) {
  const math = join(outDir, 'grpo-math-qwen2.5-1.5b', 'exp_001')
  mkdirSync(math, { recursive: true })
  valStep(math, 0, [
    [true, false],
    [false, false]
  ])
  trainStep(math, 1, [
    [true, false],
    [false, false]
  ])
  // step 2: the second question's last sample hit the length limit: masked out of the loss (sample_loss_mask 0)
  trainStep(
    math,
    2,
    [
      [true, true],
      [true, false]
    ],
    [1, 1, 1, 0]
  )
  valStep(math, 2, [
    [true, true],
    [true, false]
  ])
  const puzzle = join(outDir, 'grpo-sliding-puzzle', 'exp_001')
  mkdirSync(puzzle, { recursive: true })
  puzzleStep(puzzle)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeNemoRlFixture(process.argv[2] ?? 'tests/fixtures/nemo-rl')
