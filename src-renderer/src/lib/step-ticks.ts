/**
 * The training-step axis's ticks: whole steps at uPlot's spacing (`incr`, at least 1), and always the last step: a run
 * that stopped at step 499 is read at 499, not guessed from a last tick at 450. When the last step stands too near the
 * tick before it for both labels to fit, it takes that tick's place (0 2 4 6 9, not 0 2 4 6 8 9).
 */
export function stepTicks(min: number, max: number, incr: number): number[] {
  if (!(Number.isFinite(min) && Number.isFinite(max) && max >= min)) return []
  const step = Math.max(1, Math.ceil(incr))
  const ticks: number[] = []
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) ticks.push(v)
  const last = Math.floor(max)
  const before = ticks.at(-1)
  if (before === undefined) return last >= min ? [last] : []
  if (last === before) return ticks
  // a label needs about 60% of the spacing uPlot chose for labels of this length
  if (last - before < step * 0.6 && ticks.length > 1) ticks.pop()
  ticks.push(last)
  return ticks
}
