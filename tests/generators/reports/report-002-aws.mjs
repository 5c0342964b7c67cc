/**
 * Raw traces shaped like report 002 (../shared/docs/reports/002_1a99a82af360ca6b.txt): an AWS-CLI RL env (OpenEnv),
 * base Qwen2.5-Coder-3B vs the same model with an SFT adapter, evaluated two ways:
 *
 * 1. dataset eval (static): one-shot answers to 18 held-out prompts, as generic chat JSONL (the env's SFT data is chat
 *    JSONL, FORMATS.md §6.1) with per-row scores `format_ok`, `format_ok_after_extract`, `exact_match`, …, and a
 *    `.meta.json` sidecar naming the run;
 * 2. RL env eval (live): an OpenEnv-style per-step log (FORMATS.md §6.4), one line per environment step
 *    `{episode_id, task_id, tier, model, step, command, observation, reward, done, task_achieved, partial_progress,
 *    hint_requested, format_ok}`, 3 episodes per tier × 5 tiers per model, at most 15 steps, with the mapping file a
 *    user writes to get the report's definitions (max progress, hint used in any step, share of commands that failed
 *    the aws prefix gate, task_achieved as the episode's success).
 *
 * Episode rewards (sums of step rewards), steps and per-tier successes are laid out so that the report's figures come
 * out: avg_episode_reward 1.187 / 2.011, reward_std 1.137 / 1.908 (population), avg_steps 8.6 / 5.733, reward per
 * step (pooled) 0.138 / 0.351, successes per tier 3 3 1 0 0 / 3 3 3 1 2. Deterministic.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const TIERS = ['warmup', 'beginner', 'intermediate', 'advanced', 'expert']
export const MAX_STEPS = 15

/**
 * Per model, per episode in tier order (3 per tier): [episode reward (sum of step rewards), steps, achieved].
 * Fitted to the report's mean and population σ.
 */
export const LIVE = {
  base: [
    [2.163, 1, true],
    [2.308, 2, true],
    [2.09, 2, true],
    [2.38, 3, true],
    [2.453, 3, true],
    [2.597, 4, true],
    [2.742, 6, true],
    [0.279, 15, false],
    [0.206, 15, false],
    [0.134, 15, false],
    [0.062, 15, false],
    [0.206, 15, false],
    [0.062, 15, false],
    [0.134, 15, false],
    [-0.011, 3, false]
  ],
  sft: [
    [0.65, 1, true],
    [0.857, 2, true],
    [1.063, 2, true],
    [1.27, 3, true],
    [1.477, 3, true],
    [1.787, 4, true],
    [2.097, 4, true],
    [2.511, 5, true],
    [2.924, 5, true],
    [4.475, 7, true],
    [-0.177, 15, false],
    [-0.125, 12, false],
    [5.508, 4, true],
    [6.025, 5, true],
    [-0.177, 14, false]
  ]
}

const MODELS = { base: 'unsloth/Qwen2.5-Coder-3B-Instruct-bnb-4bit', sft: 'Sizzing/aws-rl-sft-qwen25coder3b-adapter' }

const TASKS = {
  warmup: ['list S3 buckets', 'show the caller identity', 'list IAM users'],
  beginner: ['create bucket demo-logs', 'tag instance i-1 env=dev', 'stop instance i-2'],
  intermediate: [
    'enable versioning on demo-logs',
    'attach ReadOnlyAccess to user ana',
    'create a security group for port 443'
  ],
  advanced: [
    'block public access on demo-logs',
    'rotate the access key of user bob',
    'set a lifecycle rule on demo-logs'
  ],
  expert: [
    'lock down bucket prod-data to the VPC endpoint',
    'least-privilege policy for the deploy role',
    'restrict s3:GetObject to one prefix'
  ]
}

/** The commands of one episode: the right ones when it succeeds; fallbacks (`help`, fenced text) when the base model stalls. */
function command(model, tier, k, step, achieved, n) {
  const last = step === n - 1
  if (model === 'base' && !achieved && step % 3 === 1) return step % 2 ? 'help' : '```aws s3 ls```'
  if (achieved && last)
    return `aws ${tier === 'warmup' ? 's3 ls' : 's3api put-bucket-policy --bucket demo-logs --policy file://p.json'}`
  return `aws ${['s3api get-bucket-policy --bucket demo-logs', 'iam list-attached-user-policies --user-name ana', 'ec2 describe-instances'][(k + step) % 3]}`
}

/** One model's step lines. */
function liveSteps(model) {
  const lines = []
  LIVE[model].forEach(([total, n, achieved], e) => {
    const tier = TIERS[Math.floor(e / 3)]
    const k = e % 3
    // step rewards: an achieving episode gets 1.0 on its last step and the rest spread evenly before it
    const rewards = achieved
      ? n === 1
        ? [total]
        : [...Array(n - 1).fill((total - 1) / (n - 1)), 1]
      : Array(n).fill(total / n)
    const maxProgress = achieved ? 1 : Math.round((0.2 + 0.15 * ((e * 7) % 5)) * 100) / 100
    for (let s = 0; s < n; s++) {
      const cmd = command(model, tier, k, s, achieved, n)
      lines.push({
        episode_id: `${model}-${tier}-${k}`,
        task_id: `${tier}-${k}`,
        tier,
        model: MODELS[model],
        step: s,
        command: cmd,
        observation: cmd.startsWith('aws')
          ? '{"ResponseMetadata": {"HTTPStatusCode": 200}}'
          : 'Error: command must start with aws',
        reward: Math.round(rewards[s] * 1e6) / 1e6,
        done: s === n - 1,
        task_achieved: achieved && s === n - 1,
        partial_progress: Math.round(maxProgress * ((s + 1) / n) * 1000) / 1000,
        // the base model asks for hints on harder tasks; the SFT model only on the expert tier
        hint_requested: s === 1 && (model === 'base' ? e >= 6 : e >= 12),
        format_ok: cmd.startsWith('aws ')
      })
    }
  })
  return lines
}

/** What the user writes beside the log to get the report's definitions (docs/formats/mapping-file.md). */
export const MAPPING = `# the live RL env eval: one line per step
files: ["*.jsonl"]
groupBy: episode_id
task: task_id
model: model
info: [tier]
step:
  index: step
  action: command
  observation: observation
  reward: reward
  done: done
  success: task_achieved
  metrics:
    max_progress: max(partial_progress)
    hint_used: any(hint_requested)
    format_failure_rate: rate(format_ok == false)
`

/** Static dataset eval: per model, [format_ok, format_ok_after_extract, exact_match] counts over 18 prompts. */
export const STATIC = {
  base: { format: 6, afterExtract: 18, exact: 7 },
  sft: { format: 18, afterExtract: 18, exact: 16 }
}
export const STATIC_ROWS = 18

function staticRows(model) {
  const c = STATIC[model]
  return Array.from({ length: STATIC_ROWS }, (_, i) => {
    const tier = TIERS[i % 5]
    const format = i < c.format
    const exact = i < c.exact
    const canonical = `aws s3api get-bucket-versioning --bucket bucket-${i}`
    const response = exact
      ? format
        ? canonical
        : `\`\`\`bash\n${canonical}\n\`\`\``
      : format
        ? `aws s3 ls bucket-${i}`
        : 'You can use the AWS CLI to check this.'
    return {
      task_id: `val-${i}`,
      tier,
      messages: [
        { role: 'system', content: 'Answer with exactly one AWS CLI command.' },
        { role: 'user', content: `Check whether versioning is enabled on bucket-${i}.` },
        { role: 'assistant', content: response }
      ],
      reward: exact ? 1 : 0,
      metrics: {
        format_ok: format ? 1 : 0,
        format_ok_after_extract: i < c.afterExtract ? 1 : 0,
        exact_match: exact ? 1 : 0,
        service_match: exact || format ? 1 : 0,
        operation_match: exact ? 1 : 0
      }
    }
  })
}

/** Writes both evaluations under outDir; returns the two folders. @param {string} outDir */
export function generateReport002(outDir) {
  const live = join(outDir, 'rl_env_eval')
  const dataset = join(outDir, 'dataset_eval')
  mkdirSync(live, { recursive: true })
  mkdirSync(dataset, { recursive: true })
  writeFileSync(join(live, 'rollscope.yaml'), MAPPING)
  for (const model of ['base', 'sft']) {
    writeFileSync(
      join(live, `${model}.jsonl`),
      liveSteps(model)
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n'
    )
    writeFileSync(
      join(dataset, `${model}.jsonl`),
      staticRows(model)
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n'
    )
    writeFileSync(
      join(dataset, `${model}.meta.json`),
      JSON.stringify(
        {
          name: `dataset eval · ${model}`,
          model: MODELS[model],
          env: 'aws-rl-env-dataset',
          sampling: { temperature: 0, max_new_tokens: 128 }
        },
        null,
        2
      ) + '\n'
    )
  }
  return { live, dataset }
}
