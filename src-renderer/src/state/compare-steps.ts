/**
 * The training step each side of a comparison reads (two steps of one training run compared like two runs), and how
 * a side's queries are narrowed to it. A null step is the whole run.
 */
export interface CompareSteps {
  a: number | null
  b: number | null
}

export const WHOLE_RUNS: CompareSteps = { a: null, b: null }

/** The episodes filter of one side: its step's batch, or nothing (the whole run). */
export const stepFilter = (step: number | null): { filter?: string } =>
  step === null ? {} : { filter: `step == ${step}` }

export const sameSteps = (x: CompareSteps, y: CompareSteps): boolean => x.a === y.a && x.b === y.b

/** A step read from a URL: a non-negative integer, else null. */
export const parseStep = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null
