/** Centred moving average of radius `r` (shorter windows at the ends). */
export function movingAverage (values: readonly number[], r: number): number[] {
  return values.map((_, f) => {
    let sum = 0
    let count = 0
    for (let g = Math.max(0, f - r); g <= Math.min(values.length - 1, f + r); g++) { sum += values[g]!; count++ }
    return sum / count
  })
}
