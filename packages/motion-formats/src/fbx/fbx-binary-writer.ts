// Binary FBX 7.4 serialisation (version 7400: 32-bit record offsets). Layout per record: end offset, property
// count, property bytes, name length, name, properties, children, then a 13-byte null record when the record
// has children or no properties (what the FBX SDK and Blender write, and what their readers expect).
import { deflateSync } from 'node:zlib'
import type { FbxNode, FbxProperty } from './fbx-node.js'

const MAGIC = 'Kaydara FBX Binary  \x00\x1a\x00'
const NULL_RECORD = 13
// Arrays above this size are zlib-compressed; tiny ones are cheaper raw, as the SDK does.
const COMPRESS_ABOVE = 128
// Fastest zlib level: on key times and mesh arrays it compresses within a few percent of the default level in
// about half the time, and export runs on the request path.
const DEFLATE_LEVEL = 1
// The footer constants every SDK-written file carries; the importers we know do not check them, but they are
// kept byte-exact so strict readers find what the SDK writes.
const FOOTER_ID = Uint8Array.from([0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e])
const FOOTER_MAGIC = Uint8Array.from([0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b])

function arrayBytes (p: FbxProperty): Buffer {
  const v = p.value as ArrayBufferView
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength)
}

// Every animation curve shares one KeyTime array object; encoding (and compressing) it once per file saves a
// large part of the zlib work.
type ArrayCache = Map<object, Buffer>

function encodeProperty (p: FbxProperty, encodedArrays: ArrayCache): Buffer {
  switch (p.type) {
    case 'C': return Buffer.from([0x43, p.value ? 1 : 0])
    case 'Y': { const b = Buffer.alloc(3); b.write('Y'); b.writeInt16LE(p.value, 1); return b }
    case 'I': { const b = Buffer.alloc(5); b.write('I'); b.writeInt32LE(p.value, 1); return b }
    case 'L': { const b = Buffer.alloc(9); b.write('L'); b.writeBigInt64LE(p.value, 1); return b }
    case 'F': { const b = Buffer.alloc(5); b.write('F'); b.writeFloatLE(p.value, 1); return b }
    case 'D': { const b = Buffer.alloc(9); b.write('D'); b.writeDoubleLE(p.value, 1); return b }
    case 'S':
    case 'R': {
      const data = p.type === 'S' ? Buffer.from(p.value, 'utf8') : Buffer.from(p.value)
      const b = Buffer.alloc(5); b.write(p.type); b.writeUInt32LE(data.length, 1)
      return Buffer.concat([b, data])
    }
    default: {
      const cached = encodedArrays.get(p.value)
      if (cached !== undefined) return cached
      const data = arrayBytes(p)
      const deflated = data.length > COMPRESS_ABOVE ? deflateSync(data, { level: DEFLATE_LEVEL }) : undefined
      // Noisy float data can grow under zlib; then the raw bytes are stored.
      const compress = deflated !== undefined && deflated.length < data.length
      const body = compress ? deflated : data
      const b = Buffer.alloc(13)
      b.write(p.type)
      b.writeUInt32LE(p.value.length, 1)
      b.writeUInt32LE(compress ? 1 : 0, 5)
      b.writeUInt32LE(body.length, 9)
      const out = Buffer.concat([b, body])
      encodedArrays.set(p.value, out)
      return out
    }
  }
}

interface Encoded { name: Buffer, props: Buffer[], propsLength: number, children: Encoded[], size: number, sentinel: boolean }

function encodeTree (n: FbxNode, cache: ArrayCache): Encoded {
  const name = Buffer.from(n.name, 'utf8')
  if (name.length > 255) throw new RangeError(`FBX node name too long: ${n.name}`)
  const props = n.props.map(p => encodeProperty(p, cache))
  const propsLength = props.reduce((s, b) => s + b.length, 0)
  const children = n.children.map(c => encodeTree(c, cache))
  const sentinel = children.length > 0 || props.length === 0
  const size = 13 + name.length + propsLength + children.reduce((s, c) => s + c.size, 0) + (sentinel ? NULL_RECORD : 0)
  return { name, props, propsLength, children, size, sentinel }
}

function writeTree (e: Encoded, out: Buffer, offset: number): number {
  const end = offset + e.size
  if (end > 0xffffffff) throw new RangeError('FBX 7400 files are limited to 4 GiB')
  out.writeUInt32LE(end, offset)
  out.writeUInt32LE(e.props.length, offset + 4)
  out.writeUInt32LE(e.propsLength, offset + 8)
  out.writeUInt8(e.name.length, offset + 12)
  let o = offset + 13
  o += e.name.copy(out, o)
  for (const p of e.props) o += p.copy(out, o)
  for (const c of e.children) o = writeTree(c, out, o)
  if (e.sentinel) o += NULL_RECORD
  return o
}

/** Serialises top-level nodes as a binary FBX 7.4 file. */
export function encodeFbx (nodes: FbxNode[]): Uint8Array {
  const version = 7400
  const cache: ArrayCache = new Map()
  const encoded = nodes.map(n => encodeTree(n, cache))
  const header = 27
  const body = encoded.reduce((s, e) => s + e.size, 0) + NULL_RECORD
  const afterFooterId = header + body + FOOTER_ID.length + 4
  // The footer pads to a 16-byte boundary (a full 16 when already aligned), then version, 120 zeros, magic.
  const pad = ((afterFooterId + 15) & ~15) - afterFooterId || 16
  const total = afterFooterId + pad + 4 + 120 + FOOTER_MAGIC.length
  const out = Buffer.alloc(total)
  out.write(MAGIC, 0, 'latin1')
  out.writeUInt32LE(version, 23)
  let o = header
  for (const e of encoded) o = writeTree(e, out, o)
  o += NULL_RECORD
  out.set(FOOTER_ID, o)
  o += FOOTER_ID.length + 4 + pad
  out.writeUInt32LE(version, o)
  out.set(FOOTER_MAGIC, o + 4 + 120)
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength)
}
