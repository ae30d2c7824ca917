// Reader for binary FBX (7.x; 64-bit record offsets from 7500 on). Bounds-checked so a truncated or corrupt
// file throws a RangeError instead of reading past the end or looping.
import { inflateSync } from 'node:zlib'
import type { FbxNode, FbxProperty } from './fbx-node.js'

const MAGIC = 'Kaydara FBX Binary  \x00'

export interface FbxFile { version: number, nodes: FbxNode[] }

class Cursor {
  constructor (readonly buf: Buffer, public pos: number) {}
  need (n: number): void {
    if (this.pos + n > this.buf.length) throw new RangeError(`FBX truncated at byte ${this.pos}`)
  }
}

function readArray (c: Cursor, type: string): FbxProperty {
  c.need(12)
  const length = c.buf.readUInt32LE(c.pos)
  const encoding = c.buf.readUInt32LE(c.pos + 4)
  const byteLength = c.buf.readUInt32LE(c.pos + 8)
  c.pos += 12
  c.need(byteLength)
  const stored = c.buf.subarray(c.pos, c.pos + byteLength)
  c.pos += byteLength
  const elem = type === 'b' ? 1 : type === 'i' || type === 'f' ? 4 : 8
  const data = encoding === 1 ? inflateSync(stored) : Buffer.from(stored)
  if (encoding > 1) throw new RangeError(`unknown FBX array encoding ${encoding}`)
  if (data.length !== length * elem) throw new RangeError(`FBX array holds ${data.length} bytes, expected ${length * elem}`)
  // Copy so the typed array is aligned whatever its offset in the file.
  const copy = new Uint8Array(data).buffer
  switch (type) {
    case 'i': return { type, value: new Int32Array(copy) }
    case 'l': return { type, value: new BigInt64Array(copy) }
    case 'f': return { type, value: new Float32Array(copy) }
    case 'd': return { type, value: new Float64Array(copy) }
    default: return { type: 'b', value: new Uint8Array(copy) }
  }
}

function readProperty (c: Cursor): FbxProperty {
  c.need(1)
  const type = String.fromCharCode(c.buf[c.pos]!)
  c.pos += 1
  const b = c.buf
  const scalar = (size: number): number => { c.need(size); const at = c.pos; c.pos += size; return at }
  switch (type) {
    case 'C': return { type, value: b[scalar(1)] !== 0 }
    case 'Y': return { type, value: b.readInt16LE(scalar(2)) }
    case 'I': return { type, value: b.readInt32LE(scalar(4)) }
    case 'F': return { type, value: b.readFloatLE(scalar(4)) }
    case 'D': return { type, value: b.readDoubleLE(scalar(8)) }
    case 'L': return { type, value: b.readBigInt64LE(scalar(8)) }
    case 'S':
    case 'R': {
      const n = b.readUInt32LE(scalar(4))
      const at = scalar(n)
      const bytes = b.subarray(at, at + n)
      return type === 'S' ? { type, value: bytes.toString('utf8') } : { type, value: new Uint8Array(bytes) }
    }
    case 'b': case 'i': case 'l': case 'f': case 'd': return readArray(c, type)
    default: throw new RangeError(`unknown FBX property type ${JSON.stringify(type)} at byte ${c.pos - 1}`)
  }
}

/** Reads one record; undefined for the null record that closes a list. */
function readNode (c: Cursor, wide: boolean, depth: number): FbxNode | undefined {
  if (depth > 64) throw new RangeError('FBX nesting deeper than 64 levels')
  const head = wide ? 25 : 13
  c.need(head)
  const start = c.pos
  const end = wide ? Number(c.buf.readBigUInt64LE(start)) : c.buf.readUInt32LE(start)
  const count = wide ? Number(c.buf.readBigUInt64LE(start + 8)) : c.buf.readUInt32LE(start + 4)
  const nameLength = c.buf[start + head - 1]!
  if (end === 0) { c.pos += head; return undefined }
  if (end <= start || end > c.buf.length) throw new RangeError(`FBX record at byte ${start} ends outside the file`)
  c.pos += head
  c.need(nameLength)
  const name = c.buf.toString('utf8', c.pos, c.pos + nameLength)
  c.pos += nameLength
  const props: FbxProperty[] = []
  for (let i = 0; i < count; i++) props.push(readProperty(c))
  const children: FbxNode[] = []
  while (c.pos < end) {
    const n = readNode(c, wide, depth + 1)
    if (n === undefined) break
    children.push(n)
  }
  if (c.pos !== end) throw new RangeError(`FBX record ${name} at byte ${start} does not end at its end offset`)
  return { name, props, children }
}

/** Parses a binary FBX file into its node tree. */
export function readFbxNodes (bytes: Uint8Array): FbxFile {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length < 27 || buf.toString('latin1', 0, 21) !== MAGIC) throw new RangeError('not a binary FBX file')
  const version = buf.readUInt32LE(23)
  const c = new Cursor(buf, 27)
  const nodes: FbxNode[] = []
  for (;;) {
    const n = readNode(c, version >= 7500, 0)
    if (n === undefined) break
    nodes.push(n)
  }
  return { version, nodes }
}
