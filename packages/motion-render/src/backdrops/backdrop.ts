// What is behind the character: a solid colour, the 3D studio, or one of the named 2D images. A backdrop paints
// the frame before the character is drawn and says whether shadows fall on it (2D images have no floor).
import { createFrameBuffer, type FrameBuffer } from '../raster/frame-buffer.js'
import { drawMesh } from '../raster/rasterizer.js'
import { srgbToLinear, type Rgb } from '../raster/color.js'
import { RenderError, RENDER_ERROR } from '../errors.js'
import { drawBackdropImage, isBackdropName } from './backdrop-images.js'
import { createStudioMesh } from './studio-mesh.js'

export interface Backdrop {
  /** Whether a floor exists for the character's shadow. */
  readonly receivesShadow: boolean
  /** Paints colour (and depth, for 3D backdrops) for a camera. */
  draw: (frame: FrameBuffer, viewProjection: Float64Array) => void
}

/** Background colour when neither bgColor nor backdrop is given. */
export const DEFAULT_BACKGROUND: Rgb = [46, 52, 64]
/** Studio wall colour when no bgColor tints it. */
export const DEFAULT_STUDIO_COLOR: Rgb = [215, 215, 220]

export function createBackdrop (backdrop: string | undefined, bgColor: Rgb | undefined, width: number, height: number): Backdrop {
  if (backdrop === undefined || backdrop === '') return solidBackdrop(bgColor ?? DEFAULT_BACKGROUND, width, height)
  if (backdrop === 'studio') return studioBackdrop(bgColor ?? DEFAULT_STUDIO_COLOR, width, height)
  if (!isBackdropName(backdrop)) throw new RenderError(RENDER_ERROR.backdrop, `unknown backdrop "${backdrop}"`)
  let image: Uint8Array
  try {
    image = drawBackdropImage(backdrop, width, height)
  } catch (error) {
    throw new RenderError(RENDER_ERROR.backdrop, `backdrop "${backdrop}" could not be drawn`, { cause: error })
  }
  return { receivesShadow: false, draw (frame) { frame.color.set(image); frame.depth.fill(Infinity) } }
}

function solidBackdrop (color: Rgb, width: number, height: number): Backdrop {
  const fill = new Uint8Array(width * height * 3)
  for (let i = 0; i < fill.length; i += 3) { fill[i] = color[0]; fill[i + 1] = color[1]; fill[i + 2] = color[2] }
  return { receivesShadow: true, draw (frame) { frame.color.set(fill); frame.depth.fill(Infinity) } }
}

function studioBackdrop (tint: Rgb, width: number, height: number): Backdrop {
  const mesh = createStudioMesh([srgbToLinear(tint[0]), srgbToLinear(tint[1]), srgbToLinear(tint[2])])
  // A fixed camera sees the same studio every frame: draw it once and copy.
  const cache = createFrameBuffer(width, height)
  let cachedFor: Float64Array | undefined
  return {
    receivesShadow: true,
    draw (frame, viewProjection) {
      if (cachedFor === undefined || !sameMatrix(cachedFor, viewProjection)) {
        cache.color.fill(0)
        cache.depth.fill(Infinity)
        drawMesh(cache, viewProjection, mesh)
        cachedFor = Float64Array.from(viewProjection)
      }
      frame.color.set(cache.color)
      frame.depth.set(cache.depth)
    }
  }
}

function sameMatrix (a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < 16; i++) if (a[i] !== b[i]) return false
  return true
}
