import { Document, WebIO } from '@gltf-transform/core'
import { describe, expect, it } from 'vitest'
import { createBackdrop } from '../src/backdrops/backdrop.js'
import { BACKDROP_NAMES, drawBackdropImage } from '../src/backdrops/backdrop-images.js'
import { createFrameRenderer, loadCharacterScene, RENDER_ERROR, renderThumbnail } from '../src/index.js'
import { characterGlb } from './support/character-glb.js'

async function withoutAnimation (glb: Uint8Array): Promise<Uint8Array> {
  const io = new WebIO()
  const doc = await io.readBinary(glb)
  for (const animation of doc.getRoot().listAnimations()) animation.dispose()
  return await io.writeBinary(doc)
}

describe('loadCharacterScene', () => {
  it('reads the skinned mesh, its skeleton and the animation of an exported clip', async () => {
    const scene = await loadCharacterScene(await characterGlb('walk forward', 1))
    expect(scene.primitives).toHaveLength(1)
    expect(scene.primitives[0]!.skin!.jointNodes.length).toBeGreaterThan(20)
    expect(scene.duration).toBeGreaterThan(0.9)
    expect(scene.nodes.map((n) => n.name)).toContain('Hips')
  })

  it('fails with 1105 on bytes that are not a GLB and on a GLB without a mesh', async () => {
    await expect(loadCharacterScene(new TextEncoder().encode('not a glb'))).rejects.toMatchObject({ code: RENDER_ERROR.characterLoad })
    const empty = new Document()
    empty.createScene().addChild(empty.createNode('Lonely'))
    await expect(loadCharacterScene(await new WebIO().writeBinary(empty))).rejects.toMatchObject({ code: RENDER_ERROR.characterLoad })
  })

  it('fails with 1106 when there is no animation to attach, but a thumbnail still renders', async () => {
    const still = await withoutAnimation(await characterGlb('walk forward', 1))
    await expect(loadCharacterScene(still)).rejects.toMatchObject({ code: RENDER_ERROR.animationAttach })
    const png = await renderThumbnail(still, { width: 64, height: 64 })
    expect(png.subarray(1, 4).toString()).toBe('PNG')
  })
})

describe('backdrops and options', () => {
  it('fails with 1107 for a backdrop it does not know', () => {
    expect(() => createBackdrop('Moon_Base', undefined, 32, 18)).toThrow(expect.objectContaining({ code: RENDER_ERROR.backdrop }))
  })

  it('draws every named backdrop deterministically', () => {
    for (const name of BACKDROP_NAMES) expect(drawBackdropImage(name, 32, 18)).toEqual(drawBackdropImage(name, 32, 18))
  })

  it('rejects sizes H.264 4:2:0 cannot take and out-of-range camera settings', async () => {
    const scene = await loadCharacterScene(await characterGlb('walk forward', 1))
    expect(() => createFrameRenderer(scene, { width: 321 })).toThrow(/width/)
    expect(() => createFrameRenderer(scene, { camHorizontalAngle: 91 })).toThrow(/camHorizontalAngle/)
    expect(() => createFrameRenderer(scene, { bgColor: [0, 0, 256] })).toThrow(/bgColor/)
  })

  it('draws one frame per clip frame at 30 fps', async () => {
    const scene = await loadCharacterScene(await characterGlb('walk forward', 2))
    const renderer = createFrameRenderer(scene, { width: 64, height: 36 })
    expect(renderer.frameCount).toBe(Math.round(scene.duration * 30) + 1)
  })
})
