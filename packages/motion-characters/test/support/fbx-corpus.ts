// FBX members of the corpus: our FBX writer's skinned mannequin (binary, centimetres, Mixamo names), and the same
// scene as ASCII FBX with its bones renamed, written by the small converter below.
import { createHumanoidSkeleton, restPoseClip } from '@openmotion/motion-engine'
import { readFbxNodes, writeFbx, type FbxNode, type FbxProperty } from '@openmotion/motion-formats'

export function binaryFbx (bonePrefix = 'mixamorig:'): Uint8Array {
  return writeFbx(restPoseClip(createHumanoidSkeleton()), { name: 'Hero', bonePrefix })
}

function asciiProperty (p: FbxProperty, rename: (name: string) => string): string {
  switch (p.type) {
    case 'S': {
      const [name, cls] = p.value.split('\x00\x01')
      return JSON.stringify(cls === undefined ? name : `${cls}::${cls === 'Model' ? rename(name!) : name}`)
    }
    case 'C': return p.value ? 'T' : 'F'
    case 'R': return '""'
    case 'L': return p.value.toString()
    case 'i': case 'l': case 'f': case 'd': case 'b': return `*${p.value.length}`
    default: return String(p.value)
  }
}

function asciiNode (n: FbxNode, indent: string, rename: (name: string) => string): string {
  const array = n.props.find((p) => ['i', 'l', 'f', 'd', 'b'].includes(p.type))
  const head = `${indent}${n.name}: ${n.props.map((p) => asciiProperty(p, rename)).join(', ')}`
  if (array !== undefined) return `${head} {\n${indent}\ta: ${Array.from(array.value as ArrayLike<number | bigint>, String).join(',')}\n${indent}}\n`
  if (n.children.length === 0) return `${head}\n`
  return `${head} {\n${n.children.map((c) => asciiNode(c, `${indent}\t`, rename)).join('')}${indent}}\n`
}

/** The binary scene as ASCII FBX 7.4, Model names passed through `rename` (called with the unprefixed name). */
export function asciiFbx (rename: (joint: string) => string): Uint8Array {
  const nodes = readFbxNodes(binaryFbx('')).nodes
  const text = `; FBX 7.4.0 project file\n; written by the motion-characters test corpus\n\n${nodes.map((n) => asciiNode(n, '', rename)).join('\n')}`
  return Buffer.from(text)
}
