// FBX object ids: 64-bit, unique in the file, never 0 (0 is the scene root in Connections).
export class FbxIds {
  private next = 1_000_000n
  take (): bigint {
    this.next += 1n
    return this.next
  }
}

/** FBX time unit: 46186158000 ticks per second (divisible by every common frame rate). */
export const FBX_TICKS_PER_SECOND = 46186158000n

export function frameTicks (frame: number, fps: number): bigint {
  return BigInt(Math.round((frame * Number(FBX_TICKS_PER_SECOND)) / fps))
}
