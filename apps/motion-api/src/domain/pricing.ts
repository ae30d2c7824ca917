// Credit prices, all configurable. A text2motion job holds the minimum per variant at submission (so an empty
// balance fails fast with 101) and settles the rest when the clip lengths are known.
export interface Pricing {
  perSecond: number
  minJob: number
  extraVariantDownload: number
  render: number
}

export function text2motionHold (pricing: Pricing, variants: number): number {
  return pricing.minJob * variants
}

/** Price of generated variants: per started second of motion, never below the per-variant minimum. */
export function text2motionPrice (pricing: Pricing, durationsSeconds: number[]): number {
  return durationsSeconds.reduce((sum, seconds) => sum + Math.max(pricing.minJob, Math.ceil(seconds - 1e-9) * pricing.perSecond), 0)
}
