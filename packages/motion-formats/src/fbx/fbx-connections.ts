// The Connections section: "OO" links object to object (child, parent); "OP" links an object to a property of
// another (curve node → "Lcl Rotation", curve → "d|X").
import { i64, node, str } from './fbx-node.js'
import type { FbxNode } from './fbx-node.js'

export class FbxConnections {
  readonly list: FbxNode[] = []
  oo (child: bigint, parent: bigint): void {
    this.list.push(node('C', [str('OO'), i64(child), i64(parent)]))
  }

  op (child: bigint, parent: bigint, property: string): void {
    this.list.push(node('C', [str('OP'), i64(child), i64(parent), str(property)]))
  }
}
