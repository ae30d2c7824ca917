// A still of a character (uploaded or stock) for listings: the first animation frame, or the rest pose when the
// file has no animation, framed full-body from slightly to the side so the silhouette reads.
import { encodePng } from './encode/png.js'
import { createFrameRenderer, type SceneOptions } from './frame-renderer.js'
import { loadCharacterScene } from './scene/character-scene.js'

export interface ThumbnailOptions extends Pick<SceneOptions, 'bgColor' | 'backdrop' | 'camHorizontalAngle'> {
  /** Default 512. */
  width?: number
  /** Default 512. */
  height?: number
  /** Time in seconds of the animation to show; default 0. */
  time?: number
}

export async function renderThumbnail (glb: Uint8Array, options: ThumbnailOptions = {}): Promise<Buffer> {
  const scene = await loadCharacterScene(glb, { requireAnimation: false })
  const still = { ...scene, duration: 0 }
  const time = Math.max(0, Math.min(scene.duration, options.time ?? 0))
  // Sampling the channels at `time` by shifting them keeps the renderer's single-frame path.
  const shifted = { ...still, channels: scene.channels.map((c) => ({ ...c, times: c.times.map((t) => t - time) })) }
  const renderer = createFrameRenderer(shifted, {
    width: options.width ?? 512,
    height: options.height ?? 512,
    bgColor: options.bgColor,
    backdrop: options.backdrop,
    camMode: 0,
    camHorizontalAngle: options.camHorizontalAngle ?? 20,
    shadow: true
  })
  const frame = renderer.renderFrame(0)
  return encodePng(frame.color, renderer.width, renderer.height)
}
