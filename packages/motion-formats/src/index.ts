export { writeBvh } from './bvh-writer.js'
export type { BvhOptions } from './bvh-writer.js'
export type { RigOptions } from './rig.js'
