// Uploaded characters with a base-colour texture are drawn with it: a texture red on the character's right half
// and blue on its left shows up as red and blue halves of the silhouette, from PNG and from JPEG alike.
import type { Document } from '@gltf-transform/core'
import { WebIO } from '@gltf-transform/core'
import jpeg from 'jpeg-js'
import { describe, expect, it } from 'vitest'
import { encodePng } from '../src/encode/png.js'
import { createFrameRenderer, loadCharacterScene } from '../src/index.js'
import { characterGlb } from './support/character-glb.js'

function halves (width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgb.set(x < width / 2 ? [220, 30, 30] : [30, 30, 220], (y * width + x) * 3)
  }
  return rgb
}

/** The stock GLB with planar UVs (u across the body, left to right) and a base-colour texture. */
async function textured (image: Uint8Array, mimeType: string): Promise<Uint8Array> {
  const io = new WebIO()
  const doc: Document = await io.readBinary(await characterGlb('stand still', 1))
  const buffer = doc.getRoot().listBuffers()[0]!
  const texture = doc.createTexture('skin').setImage(image).setMimeType(mimeType)
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const positions = primitive.getAttribute('POSITION')!.getArray()!
      const uvs = new Float32Array((positions.length / 3) * 2)
      for (let v = 0; v < positions.length / 3; v++) { uvs[v * 2] = Math.min(0.999, Math.max(0, positions[v * 3]! + 0.5)); uvs[v * 2 + 1] = 0.5 }
      primitive.setAttribute('TEXCOORD_0', doc.createAccessor().setBuffer(buffer).setType('VEC2').setArray(uvs))
      primitive.getMaterial()!.setBaseColorFactor([1, 1, 1, 1]).setBaseColorTexture(texture)
    }
  }
  return await io.writeBinary(doc)
}

async function colourSides (glb: Uint8Array): Promise<{ red: number, blue: number, redX: number, blueX: number }> {
  const renderer = createFrameRenderer(await loadCharacterScene(glb), { width: 320, height: 180, bgColor: [20, 20, 20] })
  const frame = renderer.renderFrame(0).color
  let red = 0; let blue = 0; let redX = 0; let blueX = 0
  for (let p = 0; p < 320 * 180; p++) {
    const [r, g, b] = [frame[p * 3]!, frame[p * 3 + 1]!, frame[p * 3 + 2]!]
    if (r > b + 60 && r > g + 60) { red++; redX += p % 320 }
    if (b > r + 60 && b > g + 60) { blue++; blueX += p % 320 }
  }
  return { red, blue, redX: redX / Math.max(1, red), blueX: blueX / Math.max(1, blue) }
}

describe('textured characters', () => {
  it('draws a PNG base-colour texture through TEXCOORD_0', async () => {
    const sides = await colourSides(await textured(encodePng(halves(64, 8), 64, 8), 'image/png'))
    expect(sides.red).toBeGreaterThan(100)
    expect(sides.blue).toBeGreaterThan(100)
    // u grows with +X, the character's left, which faces the camera's right: blue (u > 0.5) is on screen right.
    expect(sides.blueX).toBeGreaterThan(sides.redX)
  })

  it('draws a JPEG texture the same way, and a plain character stays untinted', async () => {
    const rgba = new Uint8Array(64 * 8 * 4)
    halves(64, 8).forEach((v, i) => { rgba[Math.floor(i / 3) * 4 + (i % 3)] = v })
    const jpg = jpeg.encode({ data: rgba, width: 64, height: 8 }, 95).data
    const sides = await colourSides(await textured(new Uint8Array(jpg), 'image/jpeg'))
    expect(sides.red).toBeGreaterThan(100)
    expect(sides.blue).toBeGreaterThan(100)
    const plain = await colourSides(await characterGlb('stand still', 1))
    expect(plain.red + plain.blue).toBe(0)
  })
})
