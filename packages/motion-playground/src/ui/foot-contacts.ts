// Floor contact markers: a ring on the floor under each foot, bright while the foot is on the floor (its lowest
// joint within a few centimetres of y = 0) and faint while it is in the air. Feet are found by bone name
// (Mixamo, Unreal, VRM, Blender and our own skeletons all say foot/toe/ankle), sides by left/right markers.
import { DoubleSide, Mesh, MeshBasicMaterial, RingGeometry, Vector3, type Bone, type Object3D, type Scene } from 'three'

const FOOT = /(foot|toe|ankle)/i
const LEFT = /(left|^l[_.]|[_.]l$|_l_|\.l\b)/i
const RIGHT = /(right|^r[_.]|[_.]r$|_r_|\.r\b)/i
/** A foot this close to the floor, metres, is touching it (the engine's own contact threshold is similar). */
export const CONTACT_HEIGHT = 0.05

interface Foot { bones: Bone[], marker: Mesh, material: MeshBasicMaterial }

export function footBones (root: Object3D): { left: Bone[], right: Bone[] } {
  const left: Bone[] = []
  const right: Bone[] = []
  root.traverse((node) => {
    const bone = node as Bone
    if (!bone.isBone || !FOOT.test(bone.name) || /end$/i.test(bone.name)) return
    if (LEFT.test(bone.name)) left.push(bone)
    else if (RIGHT.test(bone.name)) right.push(bone)
  })
  return { left, right }
}

export class FootContacts {
  private readonly feet: Foot[]
  private readonly scene: Scene
  private readonly position = new Vector3()
  /** Feet touching the floor in the last update, for the status line and tests. */
  touching = 0

  constructor (root: Object3D, scene: Scene) {
    this.scene = scene
    const { left, right } = footBones(root)
    this.feet = [left, right].filter((bones) => bones.length > 0).map((bones) => {
      const material = new MeshBasicMaterial({ color: 0x37d67a, transparent: true, opacity: 0.9, side: DoubleSide, depthWrite: false })
      const marker = new Mesh(new RingGeometry(0.06, 0.1, 32), material)
      marker.rotation.x = -Math.PI / 2
      marker.renderOrder = 1
      scene.add(marker)
      return { bones, marker, material }
    })
  }

  update (): void {
    this.touching = 0
    for (const foot of this.feet) {
      let lowest: Vector3 | undefined
      for (const bone of foot.bones) {
        bone.getWorldPosition(this.position)
        if (lowest === undefined || this.position.y < lowest.y) lowest = this.position.clone()
      }
      if (lowest === undefined) continue
      const contact = lowest.y < CONTACT_HEIGHT
      if (contact) this.touching++
      foot.marker.position.set(lowest.x, 0.004, lowest.z)
      foot.material.opacity = contact ? 0.95 : 0.15
      foot.marker.scale.setScalar(contact ? 1 : 0.7)
    }
  }

  dispose (): void {
    for (const foot of this.feet) {
      this.scene.remove(foot.marker)
      foot.marker.geometry.dispose()
      foot.material.dispose()
    }
  }
}
