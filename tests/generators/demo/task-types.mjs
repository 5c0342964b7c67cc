/**
 * JSDoc shapes of the repo-repair demo tasks (no runtime code).
 *
 * @typedef {object} Bug one defect; the task is solved when every bug is in state `fixed`
 * @property {string} file source file holding the bug
 * @property {string} code snippet of that file containing `old` (assembled into the module by repo.mjs)
 * @property {string} old the buggy text, exact (what an edit must replace)
 * @property {string} wrong a plausible but wrong fix
 * @property {string} fix the right fix
 * @property {string} testFile test module of the failing tests
 * @property {string[]} tests tests failing while the bug is present
 * @property {string[]} [wrongTests] tests failing after the wrong fix (default: `tests`)
 * @property {string} [call] the test line pytest marks with `>` (assertion failures)
 * @property {boolean} [frame] the error is raised inside the source line (traceback shows a second frame)
 * @property {{ importLine: string }} [collection] an import error that stops pytest during collection
 * @property {boolean} [flaky] the failure only shows up on some runs (timing / ordering)
 * @property {string[]} e pytest `E` lines while the bug is present
 * @property {string[]} [eWrong] `E` lines after the wrong fix
 * @property {string} why the diagnosis the agent writes once it understands the bug
 *
 * @typedef {object} Task
 * @property {string} id
 * @property {string} repo
 * @property {string} pkg python package name
 * @property {'easy' | 'medium' | 'hard'} difficulty
 * @property {'import-error' | 'off-by-one' | 'wrong-api' | 'flaky-test'} archetype
 * @property {Record<string, number>} testFiles test module → number of tests in it
 * @property {string} statement the symptom, as the issue reporter describes it
 * @property {{ base: number, trained: number }} plan rollouts (of 4) that end with every test passing
 * @property {Bug[]} bugs
 */

export {}
