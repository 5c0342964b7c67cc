/**
 * Short names for runs shown side by side: run names often share a long prefix ("repo-repair · qwen3-8b (base)",
 * "repo-repair · qwen3-8b-grpo-step400 (trained)") that a narrow column cuts to the same text. The shared part up
 * to its last " · " separator is dropped, so what tells the runs apart comes first.
 */
export function shortRunLabels(names: readonly string[]): string[] {
  if (names.length < 2) return [...names]
  let common = names[0]
  for (const n of names) while (!n.startsWith(common)) common = common.slice(0, -1)
  const cut = common.lastIndexOf(' · ')
  if (cut <= 0) return [...names]
  const short = names.map((n) => n.slice(cut + 3))
  // never leave a name empty or make two names equal that were not
  return short.some((s) => s === '') || new Set(short).size < new Set(names).size ? [...names] : short
}
