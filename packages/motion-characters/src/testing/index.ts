// `@openmotion/motion-characters/testing`: the character corpus our tests (and motion-api's whole-path corpus test)
// upload — humanoids in many naming schemes, units and rest poses, compressed glTF, Maya-style FBX — built by our
// own code so nothing binary is committed.
export { buildCharacter, glb, gltfWithDataUris, NAMING, patchGlbJson, TEXTURE_PNG, variantSkeleton, VRM_HUMANOID } from './corpus.js'
export type { Variant } from './corpus.js'
export { dracoGlb, meshoptGlb, quantizedGlb } from './compressed.js'
export { asciiFbx, binaryFbx, renamedBinaryFbx, toAsciiFbx } from './fbx-corpus.js'
export { mayaStyleFbx } from './fbx-authoring.js'
export type { AuthoringOptions } from './fbx-authoring.js'
export { blenderFbx, hasBlender } from './blender.js'
export type { BlenderNaming } from './blender.js'
