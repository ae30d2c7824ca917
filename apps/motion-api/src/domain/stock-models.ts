// The operator's stock character: the mannequin from @openmotion/motion-formats, written once as a rest-pose
// GLB so listModels can link it and jobs can name it as `model`. More characters need the engine to generate on
// their skeletons (the custom-character issue); until then one honest stock model is listed.
import { createHumanoidSkeleton, type MotionClip } from '@openmotion/motion-engine'
import { writeGlb } from '@openmotion/motion-formats'
import type { BlobStore } from '../adapters/blob-store.js'
import type { ModelStore } from '../stores/model-store.js'

export const OPERATOR_PLATFORM = 'openmotion'

const STOCK = [
  { id: 'openmotion_mannequin', name: 'Mannequin', height: 1.75 }
]

function restClip (height: number): MotionClip {
  const skeleton = createHumanoidSkeleton({ height })
  const rotations = new Float32Array(skeleton.joints.length * 4)
  for (let j = 0; j < skeleton.joints.length; j++) rotations[j * 4 + 3] = 1
  const hips = skeleton.joints[0]!.offset
  return { skeleton, fps: 30, frameCount: 1, rootTranslation: Float32Array.from(hips), rotations }
}

export async function installStockModels (models: ModelStore, blobs: BlobStore): Promise<void> {
  for (const stock of STOCK) {
    const glbKey = `stock/${stock.id}.glb`
    if (await blobs.stat(glbKey) === undefined) await blobs.put(glbKey, await writeGlb(restClip(stock.height), { name: stock.name }))
    await models.upsert({ id: stock.id, clientId: null, name: stock.name, platform: OPERATOR_PLATFORM, modelKey: glbKey, glbKey, thumbKey: null, rigId: 'openmotion_humanoid', faceDataType: 0, handDataType: 1 })
  }
}
