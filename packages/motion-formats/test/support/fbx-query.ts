// Helpers to look things up in a parsed FBX tree the way an importer does: objects by id, connections by id.
import type { FbxNode } from '../../src/fbx/fbx-node.js'

export function find (nodes: FbxNode[], name: string): FbxNode {
  const n = nodes.find(x => x.name === name)
  if (n === undefined) throw new Error(`no ${name} node`)
  return n
}

export function objectsOf (top: FbxNode[], kind: string, cls?: string): FbxNode[] {
  return find(top, 'Objects').children.filter(o => o.name === kind && (cls === undefined || o.props[2]?.value === cls))
}

export function idOf (n: FbxNode): bigint { return n.props[0]!.value as bigint }
export function nameOf (n: FbxNode): string { return String(n.props[1]!.value).split('\x00\x01')[0]! }

export function connections (top: FbxNode[]): Array<{ kind: string, child: bigint, parent: bigint, property?: string }> {
  return find(top, 'Connections').children.map(c => ({
    kind: c.props[0]!.value as string,
    child: c.props[1]!.value as bigint,
    parent: c.props[2]!.value as bigint,
    ...(c.props[3] === undefined ? {} : { property: c.props[3].value as string })
  }))
}

export function valueOf (n: FbxNode, child: string): FbxNode['props'][number]['value'] {
  return find(n.children, child).props[0]!.value
}

export function p70 (n: FbxNode, name: string): Array<FbxNode['props'][number]['value']> {
  const p = find(n.children, 'Properties70').children.find(x => x.props[0]?.value === name)
  if (p === undefined) throw new Error(`no property ${name}`)
  return p.props.slice(4).map(x => x.value)
}
