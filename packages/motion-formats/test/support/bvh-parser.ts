// An independent BVH reader for the tests: parses the text and runs forward kinematics from the channels alone.
import type { Quat, Vec3 } from '@openmotion/motion-engine'
import { quatFromAxisAngleDeg, quatMultiply, quatRotate } from '@openmotion/motion-engine'

export interface BvhNode {
  name: string
  parent: number
  offset: Vec3
  channels: string[]
  /** End Sites have no channels and are named "<parent>/End". */
  endSite: boolean
}

export interface ParsedBvh { nodes: BvhNode[], frames: number[][], frameTime: number }

export function parseBvh (text: string): ParsedBvh {
  const tokens = text.split(/\s+/).filter(t => t.length > 0)
  let i = 0
  const next = (): string => {
    const t = tokens[i++]
    if (t === undefined) throw new Error('unexpected end of BVH')
    return t
  }
  const expect = (want: string): void => { const t = next(); if (t !== want) throw new Error(`expected ${want}, got ${t}`) }
  const nodes: BvhNode[] = []
  const readNode = (parent: number, kind: string): void => {
    const endSite = kind === 'End'
    const name = endSite ? `${nodes[parent]!.name}/End` : next()
    if (endSite) expect('Site')
    expect('{')
    expect('OFFSET')
    const offset: Vec3 = [Number(next()), Number(next()), Number(next())]
    const channels: string[] = []
    const index = nodes.push({ name, parent, offset, channels, endSite }) - 1
    for (;;) {
      const t = next()
      if (t === '}') return
      if (t === 'CHANNELS') {
        const n = Number(next())
        for (let c = 0; c < n; c++) channels.push(next())
      } else if (t === 'JOINT' || t === 'End') {
        readNode(index, t)
      } else {
        throw new Error(`unexpected token ${t}`)
      }
    }
  }
  expect('HIERARCHY')
  expect('ROOT')
  readNode(-1, 'ROOT')
  expect('MOTION')
  expect('Frames:')
  const frameCount = Number(next())
  expect('Frame'); expect('Time:')
  const frameTime = Number(next())
  const perFrame = nodes.reduce((s, n) => s + n.channels.length, 0)
  const frames: number[][] = []
  for (let f = 0; f < frameCount; f++) {
    const row: number[] = []
    for (let c = 0; c < perFrame; c++) row.push(Number(next()))
    frames.push(row)
  }
  if (i !== tokens.length) throw new Error(`${tokens.length - i} trailing tokens`)
  return { nodes, frames, frameTime }
}

/** World positions in metres (the file is in centimetres) of every node, End Sites included, at one frame. */
export function bvhWorldPositions (bvh: ParsedBvh, frame: number): Map<string, Vec3> {
  const row = bvh.frames[frame]!
  let c = 0
  const pos: Vec3[] = []
  const rot: Quat[] = []
  const out = new Map<string, Vec3>()
  for (const node of bvh.nodes) {
    let t: Vec3 = [...node.offset]
    let q: Quat = [0, 0, 0, 1]
    for (const ch of node.channels) {
      const v = row[c++]!
      if (ch.endsWith('position')) t = ch === 'Xposition' ? [v, t[1], t[2]] : ch === 'Yposition' ? [t[0], v, t[2]] : [t[0], t[1], v]
      else q = quatMultiply(q, quatFromAxisAngleDeg(ch === 'Xrotation' ? [1, 0, 0] : ch === 'Yrotation' ? [0, 1, 0] : [0, 0, 1], v))
    }
    if (node.parent < 0) {
      pos.push(t); rot.push(q)
    } else {
      const o = quatRotate(rot[node.parent]!, t)
      const p = pos[node.parent]!
      pos.push([p[0] + o[0], p[1] + o[1], p[2] + o[2]])
      rot.push(quatMultiply(rot[node.parent]!, q))
    }
    const w = pos[pos.length - 1]!
    out.set(node.name, [w[0] / 100, w[1] / 100, w[2] / 100])
  }
  return out
}
