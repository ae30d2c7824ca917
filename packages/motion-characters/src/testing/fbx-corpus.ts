// FBX members of the corpus: our FBX writer's skinned mannequin (binary, centimetres, Mixamo names by default),
// the same scene with its bones renamed (binary, through motion-formats' node-record reader and encoder), and as
// ASCII FBX written by the small converter below.
import { createHumanoidSkeleton, restPoseClip } from '@openmotion/motion-engine'
import { encodeFbx, readFbxNodes, writeFbx, type FbxNode, type FbxProperty } from '@openmotion/motion-formats'

export function binaryFbx (bonePrefix = 'mixamorig:', height?: number): Uint8Array {
  return writeFbx(restPoseClip(createHumanoidSkeleton({ height })), { name: 'Hero', bonePrefix })
}

/** FBX names are "name\0\x01Class"; Model names are passed through `rename` (called with the unprefixed name). */
function renameProperty (p: FbxProperty, rename: (name: string) => string): FbxProperty {
  if (p.type !== 'S') return p
  const [name, cls] = p.value.split('\x00\x01')
  return cls === 'Model' ? { type: 'S', value: `${rename(name!)}\x00\x01${cls}` } : p
}

function renameModels (n: FbxNode, rename: (name: string) => string): FbxNode {
  return {
    name: n.name,
    props: n.name === 'Model' ? n.props.map((p) => renameProperty(p, rename)) : n.props,
    children: n.children.map((c) => renameModels(c, rename))
  }
}

/** Binary FBX with the bones renamed, at the given height. */
export function renamedBinaryFbx (rename: (joint: string) => string, height?: number): Uint8Array {
  return encodeFbx(readFbxNodes(binaryFbx('', height)).nodes.map((n) => renameModels(n, rename)))
}

function asciiProperty (p: FbxProperty): string {
  switch (p.type) {
    case 'S': {
      const [name, cls] = p.value.split('\x00\x01')
      return JSON.stringify(cls === undefined ? name : `${cls}::${name}`)
    }
    case 'C': return p.value ? 'T' : 'F'
    case 'R': return JSON.stringify(Buffer.from(p.value).toString('base64')) // embedded media: base64 in ASCII FBX
    case 'L': return p.value.toString()
    case 'i': case 'l': case 'f': case 'd': case 'b': return `*${p.value.length}`
    default: return String(p.value)
  }
}

function asciiNode (n: FbxNode, indent: string): string {
  const array = n.props.find((p) => ['i', 'l', 'f', 'd', 'b'].includes(p.type))
  const head = `${indent}${n.name}: ${n.props.map((p) => asciiProperty(p)).join(', ')}`
  if (array !== undefined) return `${head} {\n${indent}\ta: ${Array.from(array.value as ArrayLike<number | bigint>, String).join(',')}\n${indent}}\n`
  if (n.children.length === 0) return `${head}\n`
  return `${head} {\n${n.children.map((c) => asciiNode(c, `${indent}\t`)).join('')}${indent}}\n`
}

/** The binary scene as ASCII FBX 7.4, Model names passed through `rename` (called with the unprefixed name). */
export function asciiFbx (rename: (joint: string) => string): Uint8Array {
  return asciiFromNodes(readFbxNodes(binaryFbx('')).nodes.map((n) => renameModels(n, rename)))
}

/** A binary FBX rewritten as ASCII FBX 7.4. */
export function toAsciiFbx (binary: Uint8Array): Uint8Array {
  return asciiFromNodes(readFbxNodes(binary).nodes)
}

function asciiFromNodes (nodes: FbxNode[]): Uint8Array {
  const text = `; FBX 7.4.0 project file\n; written by the motion-characters test corpus\n\n${nodes.map((n) => asciiNode(n, '')).join('\n')}`
  return Buffer.from(text)
}
