// Reader for ASCII FBX (7.x): `Key: value, value {` records with `*N { a: … }` arrays, into the same node tree as
// the binary reader, so one importer serves both. Bounded: nesting depth and token count are limited.
import type { FbxNode, FbxProperty } from '@openmotion/motion-formats'

type Token = { kind: 'key', text: string } | { kind: 'value', prop: FbxProperty } | { kind: 'open' } | { kind: 'close' } | { kind: 'comma' } | { kind: 'count' }

const MAX_DEPTH = 64

function tokenize (text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === ';') { while (i < text.length && text[i] !== '\n') i++; continue }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') { i++; continue }
    if (ch === '{') { tokens.push({ kind: 'open' }); i++; continue }
    if (ch === '}') { tokens.push({ kind: 'close' }); i++; continue }
    if (ch === ',') { tokens.push({ kind: 'comma' }); i++; continue }
    if (ch === '"') {
      const end = text.indexOf('"', i + 1)
      if (end < 0) throw new RangeError('unterminated string in ASCII FBX')
      tokens.push({ kind: 'value', prop: { type: 'S', value: text.slice(i + 1, end) } })
      i = end + 1
      continue
    }
    if (ch === '*') {
      i++
      while (i < text.length && /[0-9]/.test(text[i]!)) i++
      tokens.push({ kind: 'count' })
      continue
    }
    const start = i
    while (i < text.length && !/[\s,{}:;"]/.test(text[i]!)) i++
    const word = text.slice(start, i)
    if (word === '') throw new RangeError(`unexpected character ${JSON.stringify(ch)} in ASCII FBX`)
    if (text[i] === ':') { tokens.push({ kind: 'key', text: word }); i++; continue }
    tokens.push({ kind: 'value', prop: scalar(word) })
  }
  return tokens
}

function scalar (word: string): FbxProperty {
  if (/^[-+]?\d+$/.test(word)) {
    const big = BigInt(word)
    return big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER) ? { type: 'L', value: big } : { type: 'D', value: Number(word) }
  }
  const n = Number(word)
  if (word !== '' && Number.isFinite(n)) return { type: 'D', value: n }
  return { type: 'S', value: word } // bare flags such as T, Y, W
}

export function readFbxAscii (text: string): FbxNode[] {
  if (!/FBXHeaderExtension|Objects:/.test(text.slice(0, 20000))) throw new RangeError('not an FBX file')
  const tokens = tokenize(text)
  let pos = 0

  const readNode = (depth: number): FbxNode => {
    if (depth > MAX_DEPTH) throw new RangeError(`ASCII FBX nesting deeper than ${MAX_DEPTH} levels`)
    const key = tokens[pos++] as { kind: 'key', text: string }
    const node: FbxNode = { name: key.text, props: [], children: [] }
    let isArray = false
    while (pos < tokens.length) {
      const t = tokens[pos]!
      if (t.kind === 'value') { node.props.push(t.prop); pos++; continue }
      if (t.kind === 'comma') { pos++; continue }
      if (t.kind === 'count') { isArray = true; pos++; continue }
      if (t.kind === 'open') {
        pos++
        while (pos < tokens.length && tokens[pos]!.kind !== 'close') {
          if (tokens[pos]!.kind !== 'key') throw new RangeError(`unexpected token in ASCII FBX record ${node.name}`)
          node.children.push(readNode(depth + 1))
        }
        if (pos >= tokens.length) throw new RangeError(`ASCII FBX record ${node.name} is not closed`)
        pos++
      }
      break
    }
    if (isArray) {
      // `Key: *N { a: v, v, … }` is the binary reader's single array property.
      const values = node.children.find((c) => c.name === 'a')?.props ?? []
      node.props = [{ type: 'd', value: Float64Array.from(values, (p) => Number(p.value)) }]
      node.children = []
    }
    return node
  }

  const nodes: FbxNode[] = []
  while (pos < tokens.length) {
    if (tokens[pos]!.kind !== 'key') throw new RangeError('unexpected token at the top level of the ASCII FBX')
    nodes.push(readNode(0))
  }
  return nodes
}
