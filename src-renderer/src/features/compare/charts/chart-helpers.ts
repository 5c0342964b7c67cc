/** Small pieces the compare charts share. */
import uPlot from 'uplot'

/** `#rrggbb` with an alpha (0..1); other colour syntaxes are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color
  return `${color}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`
}

/** Bars centred on their x, `size` of the gap between xs. */
export const barPaths = (size: number, align: -1 | 0 | 1 = 0): uPlot.Series.PathBuilder =>
  uPlot.paths.bars!({ size: [size, 80], align })

/** A categorical x axis: one tick per index, labelled from `labels`. */
export function categoryAxis(labels: string[]): Pick<uPlot.Axis, 'splits' | 'values' | 'gap'> {
  return {
    splits: () => labels.map((_, i) => i),
    values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
    gap: 4
  }
}

/** A percentage tick label for values in [0, 1]. */
export const pctTicks = (_u: uPlot, splits: number[]): string[] => splits.map((v) => `${Math.round(v * 100)}%`)
