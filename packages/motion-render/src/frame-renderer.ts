// Draws frame i of an animated character: backdrop, planar shadow, then every primitive skinned, lit and
// rasterised. The whole camera path is computed up front (it is smoothed over the clip).
import { createBackdrop, type Backdrop } from './backdrops/backdrop.js'
import { cameraPath, type CamMode, type CameraFrame } from './camera/camera-path.js'
import { trackCharacter } from './camera/character-track.js'
import { KEY_LIGHT_DIRECTION, shadeVertices } from './raster/lighting.js'
import { createFrameBuffer, type FrameBuffer } from './raster/frame-buffer.js'
import { drawMask, drawMesh } from './raster/rasterizer.js'
import { drawTexturedMesh } from './raster/textured-rasterizer.js'
import type { Rgb } from './raster/color.js'
import type { CharacterScene } from './scene/character-scene.js'
import { samplePose } from './scene/pose.js'
import { worldGeometry, type WorldGeometry } from './scene/skinning.js'

export interface SceneOptions {
  /** Output width in pixels, even (H.264 4:2:0). Default 1280. */
  width?: number
  /** Output height in pixels, even. Default 720. */
  height?: number
  /** Frames per second of the output. Default 30. */
  fps?: number
  /** Solid background (sRGB 0..255); with `backdrop: 'studio'` the studio's wall and floor colour. */
  bgColor?: Rgb
  /** `studio`, one of the named 2D backdrops, or undefined for a solid background. */
  backdrop?: string
  /** Cast the character's shadow on the floor (ignored on 2D backdrops, which have none). */
  shadow?: boolean
  /** 0 cinematic, 1 fixed, 2 face. Default 0. */
  camMode?: CamMode
  /** −90..90 degrees; 0 looks at the character's front. */
  camHorizontalAngle?: number
}

export interface FrameRenderer {
  readonly width: number
  readonly height: number
  readonly fps: number
  readonly frameCount: number
  /** Draws a frame into the renderer's buffer and returns it (valid until the next call). */
  renderFrame: (index: number) => FrameBuffer
}

const SHADOW_STRENGTH = 0.5

export function resolveSceneOptions (options: SceneOptions): Required<Omit<SceneOptions, 'bgColor' | 'backdrop'>> & Pick<SceneOptions, 'bgColor' | 'backdrop'> {
  const width = options.width ?? 1280
  const height = options.height ?? 720
  const fps = options.fps ?? 30
  const angle = options.camHorizontalAngle ?? 0
  const camMode = options.camMode ?? 0
  for (const [name, value] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(value) || value < 16 || value > 4096 || value % 2 !== 0) { throw new RangeError(`${name} must be an even integer from 16 to 4096, got ${value}`) }
  }
  if (!Number.isFinite(fps) || fps < 1 || fps > 120) throw new RangeError(`fps must be 1 to 120, got ${fps}`)
  if (!Number.isFinite(angle) || angle < -90 || angle > 90) throw new RangeError(`camHorizontalAngle must be -90 to 90, got ${angle}`)
  if (camMode !== 0 && camMode !== 1 && camMode !== 2) throw new RangeError(`camMode must be 0, 1 or 2, got ${String(camMode)}`)
  if (options.bgColor !== undefined && (options.bgColor.length !== 3 || options.bgColor.some((c) => !Number.isInteger(c) || c < 0 || c > 255))) {
    throw new RangeError('bgColor channels must be integers 0 to 255')
  }
  return { width, height, fps, camMode, camHorizontalAngle: angle, shadow: options.shadow ?? false, bgColor: options.bgColor, backdrop: options.backdrop }
}

export function createFrameRenderer (scene: CharacterScene, options: SceneOptions = {}): FrameRenderer {
  const o = resolveSceneOptions(options)
  const backdrop: Backdrop = createBackdrop(o.backdrop, o.bgColor, o.width, o.height)
  const frameCount = Math.max(1, Math.round(scene.duration * o.fps + 1e-6) + 1)
  const times = Array.from({ length: frameCount }, (_, f) => Math.min(scene.duration, f / o.fps))
  const cameras: CameraFrame[] = cameraPath(trackCharacter(scene, times), {
    mode: o.camMode,
    horizontalAngle: o.camHorizontalAngle,
    width: o.width,
    height: o.height,
    fps: o.fps
  })
  const frame = createFrameBuffer(o.width, o.height)
  const geometry: WorldGeometry[] = scene.primitives.map((p) => ({
    positions: new Float32Array(p.positions.length),
    normals: new Float32Array(p.normals.length)
  }))
  const shaded = scene.primitives.map((p) => new Float32Array(p.colors.length))
  const castsShadow = o.shadow && backdrop.receivesShadow
  const mask = castsShadow ? new Uint8Array(o.width * o.height) : undefined

  return {
    width: o.width,
    height: o.height,
    fps: o.fps,
    frameCount,
    renderFrame (index) {
      const f = Math.min(frameCount - 1, Math.max(0, index))
      const camera = cameras[f]!
      backdrop.draw(frame, camera.viewProjection)
      const pose = samplePose(scene, times[f]!)
      scene.primitives.forEach((p, i) => worldGeometry(p, pose, geometry[i]))
      if (mask !== undefined) drawShadow(frame, mask, camera.viewProjection, scene, geometry)
      scene.primitives.forEach((p, i) => {
        const textured = p.texture !== undefined && p.uvs !== undefined
        shadeVertices(geometry[i]!.normals, p.colors, shaded[i]!, textured)
        if (textured) {
          drawTexturedMesh(frame, camera.viewProjection, {
            positions: geometry[i]!.positions,
            light: shaded[i]!,
            uvs: p.uvs!,
            indices: p.indices,
            texture: p.texture!
          })
        } else drawMesh(frame, camera.viewProjection, { positions: geometry[i]!.positions, colors: shaded[i]!, indices: p.indices })
      })
      return frame
    }
  }
}

/** Projects the posed mesh onto the floor (y = 0) along the key light and darkens what it covers, softened. */
function drawShadow (frame: FrameBuffer, mask: Uint8Array, viewProjection: Float64Array, scene: CharacterScene, geometry: WorldGeometry[]): void {
  mask.fill(0)
  const [lx, ly, lz] = KEY_LIGHT_DIRECTION
  let bounds = { minX: frame.width, minY: frame.height, maxX: -1, maxY: -1 }
  scene.primitives.forEach((p, i) => {
    const source = geometry[i]!.positions
    const projected = new Float32Array(source.length)
    for (let v = 0; v < source.length; v += 3) {
      const height = Math.max(0, source[v + 1]!)
      projected[v] = source[v]! - (lx * height) / ly
      projected[v + 1] = 0.002
      projected[v + 2] = source[v + 2]! - (lz * height) / ly
    }
    const b = drawMask(mask, frame.width, frame.height, viewProjection, projected, p.indices)
    bounds = {
      minX: Math.min(bounds.minX, b.minX),
      minY: Math.min(bounds.minY, b.minY),
      maxX: Math.max(bounds.maxX, b.maxX),
      maxY: Math.max(bounds.maxY, b.maxY)
    }
  })
  if (bounds.maxX < 0) return
  // A 5×5 box blur inside the covered area gives the shadow a soft edge.
  const r = 2
  const x0 = Math.max(0, bounds.minX - r); const x1 = Math.min(frame.width - 1, bounds.maxX + r)
  const y0 = Math.max(0, bounds.minY - r); const y1 = Math.min(frame.height - 1, bounds.maxY + r)
  const w = frame.width
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let sum = 0
      for (let dy = -r; dy <= r; dy++) {
        const yy = Math.min(frame.height - 1, Math.max(0, y + dy)) * w
        for (let dx = -r; dx <= r; dx++) sum += mask[yy + Math.min(w - 1, Math.max(0, x + dx))]!
      }
      if (sum === 0) continue
      const darken = 1 - SHADOW_STRENGTH * (sum / (255 * (2 * r + 1) ** 2))
      const o = (y * w + x) * 3
      frame.color[o] = frame.color[o]! * darken
      frame.color[o + 1] = frame.color[o + 1]! * darken
      frame.color[o + 2] = frame.color[o + 2]! * darken
    }
  }
}
