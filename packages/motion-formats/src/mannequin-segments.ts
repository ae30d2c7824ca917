// The mannequin's body proportions live in the engine (it grounds poses by the same tubes the mesh is built from).
export { HUMANOID_SEGMENTS, TUBE_SIDES, tubeAxes } from '@openmotion/motion-engine'
export type { BodyPart, SegmentSpec } from '@openmotion/motion-engine'
