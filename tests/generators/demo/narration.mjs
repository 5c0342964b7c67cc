/** What the simulated agent says and thinks: visible content and `reasoning_content` per kind of step. */

/** @typedef {import('../prng.mjs').Rng} Rng */
/** @typedef {import('./task-types.mjs').Task} Task */
/** @typedef {import('./task-types.mjs').Bug} Bug */

/** Tool definitions offered to the model (OpenAI function-tool shape). */
export const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'bash',
      description: 'Run a shell command in the repository; returns stdout and stderr.',
      parameters: {
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command']
      }
    }
  },
  {
    type: 'function',
    function: {
      name: 'edit_file',
      description: 'Replace text that occurs exactly once in a file.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Relative to the repository root.' },
          old_str: { type: 'string' },
          new_str: { type: 'string' }
        },
        required: ['path', 'old_str', 'new_str']
      }
    }
  }
]

/** @param {Task} task */
export function systemPrompt(task) {
  return (
    `You are a coding agent in a sandbox; the repository ${task.repo} is the current directory. Make the test ` +
    'suite pass without deleting, skipping or weakening tests. When done, reply with a short summary and no tool call.'
  )
}

/** @param {Task} task */
export function userPrompt(task) {
  return `${task.statement}\n\nRepository: ${task.repo} (package \`${task.pkg}\`)\nRun the tests with \`python -m pytest\` and fix the code so that every test passes.`
}

/** Reasoning / content lines, by step kind. Base-model thoughts ramble more; trained ones are short. */
export const SAY = {
  explore: (/** @type {Rng} */ r) =>
    r.pick([
      'Let me look at the repository layout first.',
      'First I want to see how the project is organised.',
      "I'll check the state of the working tree before changing anything."
    ]),
  firstRun: (/** @type {Rng} */ r) =>
    r.pick(['Run the test suite to see what fails.', 'Let me run the tests first.', 'Start with the failing tests.']),
  locate: (/** @type {Bug} */ bug) =>
    `The failure points at ${bug.file}: ${bug.e[0].slice(0, 90)}. Let me read that file.`,
  diagnose: (/** @type {Bug} */ bug) => bug.why,
  tryWrong: (/** @type {Bug} */ bug) =>
    `Maybe it is enough to change \`${bug.old.trim().split('\n')[0]}\` to \`${bug.wrong.trim().split('\n')[0]}\`. Let me try that.`,
  afterWrong: (/** @type {Bug} */ bug) =>
    `That did not work: ${(bug.eWrong ?? bug.e)[0].slice(0, 100)}. I need to reconsider the fix.`,
  rerun: (/** @type {Rng} */ r) =>
    r.pick(['Run the tests again to check.', 'Let me re-run the tests.', 'Check whether that fixed it.']),
  loop: (/** @type {Rng} */ r) =>
    r.pick([
      'Let me run the tests again to double-check the failures.',
      'Run the suite once more, maybe it was flaky.',
      'I will run the tests again.'
    ]),
  verifyDiff: 'Review the full diff before finishing.',
  ramble: (/** @type {Rng} */ r) =>
    r.pick([
      'Hmm, wait. Before editing, maybe I should double check whether the tests themselves are wrong. The test names suggest the expected behaviour though. Let me think about what the function is supposed to return and compare it with the assertion.',
      'Okay so the error message says something different from what I expected. Let me re-read it carefully. It could also be an environment problem, like a wrong Python version, but the traceback points into the package itself.',
      'Let me think step by step. The failing tests share a helper, so probably one root cause. But there might be more than one bug here; I should fix one at a time and re-run the tests after each change.'
    ])
}

/**
 * Final summary. `claimDone` makes a partially failing episode (wrongly) claim success, as weak policies do.
 * @param {Task} task @param {{ fixed: Bug[], passed: number, total: number, claimDone: boolean }} s
 */
export function finalAnswer(task, s) {
  const lines = s.fixed.map((b) => `- \`${b.file}\`: ${b.why}`)
  if (s.passed === s.total)
    return `Fixed ${s.fixed.length} issue(s) in ${task.repo}:\n${lines.join('\n')}\n\nAll ${s.total} tests pass now.`
  if (s.claimDone)
    return `I fixed the bug in ${task.repo}; the tests should pass now.${lines.length ? '\n' + lines.join('\n') : ''}`
  return (
    `I could not get the whole suite green: ${s.passed}/${s.total} tests pass.` +
    (lines.length ? `\nChanges so far:\n${lines.join('\n')}` : '') +
    '\nThe remaining failures need a closer look at the code paths they exercise.'
  )
}

/** Environment error of a rare crashed episode, given the tool call that was running. @param {string} cmd */
export function envError(cmd) {
  return /pytest/.test(cmd)
    ? `SandboxError: container exited with code 137 (OOMKilled) while running \`${cmd}\``
    : `SandboxError: lost connection to sandbox (exec API returned 502 Bad Gateway) during \`${cmd}\``
}
