// The FBX node-record tree, shared by the binary writer and reader, plus small builders that keep the scene code
// readable. Property type codes are FBX's own: C bool, I int32, L int64, D double, F float, S string, R raw bytes,
// and arrays i/l/d/f.

export type FbxProperty =
  | { type: 'C', value: boolean }
  | { type: 'Y', value: number }
  | { type: 'I', value: number }
  | { type: 'L', value: bigint }
  | { type: 'F', value: number }
  | { type: 'D', value: number }
  | { type: 'S', value: string }
  | { type: 'R', value: Uint8Array }
  | { type: 'b', value: Uint8Array }
  | { type: 'i', value: Int32Array }
  | { type: 'l', value: BigInt64Array }
  | { type: 'f', value: Float32Array }
  | { type: 'd', value: Float64Array }

export interface FbxNode {
  name: string
  props: FbxProperty[]
  children: FbxNode[]
}

export const bool = (value: boolean): FbxProperty => ({ type: 'C', value })
export const i32 = (value: number): FbxProperty => ({ type: 'I', value })
export const i64 = (value: bigint | number): FbxProperty => ({ type: 'L', value: BigInt(value) })
export const f64 = (value: number): FbxProperty => ({ type: 'D', value })
export const str = (value: string): FbxProperty => ({ type: 'S', value })
export const raw = (value: Uint8Array): FbxProperty => ({ type: 'R', value })
export const i32s = (value: ArrayLike<number>): FbxProperty => ({ type: 'i', value: Int32Array.from(value) })
export const i64s = (value: ArrayLike<bigint>): FbxProperty => ({ type: 'l', value: BigInt64Array.from(value) })
export const f32s = (value: ArrayLike<number>): FbxProperty => ({ type: 'f', value: Float32Array.from(value) })
export const f64s = (value: ArrayLike<number>): FbxProperty => ({ type: 'd', value: Float64Array.from(value) })

export function node (name: string, props: FbxProperty[] = [], children: FbxNode[] = []): FbxNode {
  return { name, props, children }
}

/** A node holding one value, e.g. `Version: 232`. */
export function leaf (name: string, value: FbxProperty): FbxNode {
  return node(name, [value])
}

/** FBX names objects "Name\x00\x01Class" in binary files; readers strip the class part. */
export function objectName (name: string, cls: string): FbxProperty {
  return str(`${name}\x00\x01${cls}`)
}

type P70Value = { kind: 'int', v: number } | { kind: 'double', v: number[] } | { kind: 'string', v: string } | { kind: 'time', v: bigint }

/** One `P:` entry of a Properties70 block: name, type, label, flags, then the value(s). */
export function p70 (name: string, type: string, label: string, flags: string, value: P70Value): FbxNode {
  const head = [str(name), str(type), str(label), str(flags)]
  switch (value.kind) {
    case 'int': return node('P', [...head, i32(value.v)])
    case 'double': return node('P', [...head, ...value.v.map(f64)])
    case 'string': return node('P', [...head, str(value.v)])
    case 'time': return node('P', [...head, i64(value.v)])
  }
}

export const pInt = (name: string, type: 'int' | 'enum' | 'bool', v: number): FbxNode =>
  p70(name, type, type === 'int' ? 'Integer' : '', '', { kind: 'int', v })
export const pDouble = (name: string, v: number): FbxNode => p70(name, 'double', 'Number', '', { kind: 'double', v: [v] })
export const pVec = (name: string, type: string, label: string, flags: string, v: number[]): FbxNode =>
  p70(name, type, label, flags, { kind: 'double', v })
export const pString = (name: string, v: string): FbxNode => p70(name, 'KString', '', '', { kind: 'string', v })
export const pTime = (name: string, v: bigint): FbxNode => p70(name, 'KTime', 'Time', '', { kind: 'time', v })

export function properties70 (entries: FbxNode[]): FbxNode {
  return node('Properties70', [], entries)
}

/** First child named `name`, or undefined. */
export function child (n: FbxNode, name: string): FbxNode | undefined {
  return n.children.find(c => c.name === name)
}
