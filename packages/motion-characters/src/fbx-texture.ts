// The diffuse texture of an FBX material: a Texture object connected to the material's DiffuseColor property,
// its image in the Video object's Content (embedded media; base64 text in ASCII files). A texture that only
// references a file on the author's disk cannot be read from a one-file upload: its name is reported instead.
import type { FbxNode } from '@openmotion/motion-formats'

export interface FbxImage { bytes: Uint8Array, mimeType: string, name: string }

const PNG = [0x89, 0x50, 0x4e, 0x47]
const JPEG = [0xff, 0xd8, 0xff]

function mimeOf (bytes: Uint8Array): string | undefined {
  if (PNG.every((b, i) => bytes[i] === b)) return 'image/png'
  if (JPEG.every((b, i) => bytes[i] === b)) return 'image/jpeg'
  return undefined
}

function content (video: FbxNode): Uint8Array | undefined {
  const value = video.children.find((c) => c.name === 'Content')?.props[0]?.value
  if (value instanceof Uint8Array) return value.length > 0 ? value : undefined
  if (typeof value === 'string' && value.length > 0) return Buffer.from(value, 'base64')
  return undefined
}

function fileName (n: FbxNode): string {
  const raw = String(n.children.find((c) => c.name === 'RelativeFilename' || c.name === 'FileName' || c.name === 'Filename')?.props[0]?.value ?? '')
  return raw.split(/[\\/]/).pop() ?? raw
}

/** `{ image }` when the texture's bytes are in the file, `{ missing }` (its file name) when they are not. */
export function diffuseImage (texture: FbxNode, videos: FbxNode[]): { image?: FbxImage, missing?: string } {
  for (const video of videos) {
    const bytes = content(video)
    const mimeType = bytes === undefined ? undefined : mimeOf(bytes)
    if (bytes !== undefined && mimeType !== undefined) return { image: { bytes, mimeType, name: fileName(video) || fileName(texture) } }
  }
  return { missing: fileName(texture) || 'texture' }
}
