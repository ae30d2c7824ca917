// The data contract between the engine, the file exporters, the renderer and the character retargeter.
// Conventions (glTF's, so exports need no axis conversion): right-handed, Y up, metres, the character faces +Z
// in its rest pose, quaternions are [x, y, z, w].

export type Vec3 = [number, number, number]
export type Quat = [number, number, number, number]

export interface Joint {
  /** Mixamo-compatible bone name, e.g. "mixamorig:Hips" is written as "Hips" here; exporters add prefixes. */
  name: string
  /** Index of the parent joint in `Skeleton.joints`, or -1 for the root. Always lower than the joint's index. */
  parent: number
  /** Rest-pose translation from the parent joint, in the parent's frame, metres. */
  offset: Vec3
}

export interface Skeleton {
  /** Topologically ordered: every parent appears before its children; joints[0] is the root (hips). */
  joints: Joint[]
}

export interface MotionClip {
  skeleton: Skeleton
  fps: number
  frameCount: number
  /** frameCount × 3 floats: world position of the root joint per frame, metres (rest height included). */
  rootTranslation: Float32Array
  /**
   * frameCount × jointCount × 4 floats: local rotation of each joint per frame, relative to its parent,
   * applied on top of the rest-pose offset (identity everywhere = rest pose).
   */
  rotations: Float32Array
}
