// What the playground's WebGL canvas shows, measured in the page: the viewer keeps its drawing buffer
// (preserveDrawingBuffer), so drawImage copies the last frame into a 2D canvas whose pixels can be read.

// The DOM as canvasStats uses it: the app's tsconfig has Node's types, not lib.dom (which would change fetch's).
interface Context2D {
  drawImage: (source: CanvasLike, x: number, y: number) => void
  getImageData: (x: number, y: number, width: number, height: number) => { data: Uint8ClampedArray, width: number, height: number }
}
interface CanvasLike { width: number, height: number, getContext: (kind: '2d', options: { willReadFrequently: boolean }) => Context2D | null }
declare const document: { querySelector: (selector: string) => CanvasLike | null, createElement: (tag: 'canvas') => CanvasLike }

export interface CanvasStats {
  /** Bright, nearly grey pixels: the lit mannequin (the background, grid and shadow are all darker). */
  figure: number
  /** Saturated green pixels: the floor contact rings under the feet. */
  contact: number
  /** Mean luminance of 64×36 cells, to compare two frames. */
  cells: number[]
}

/** Runs in the browser (page.evaluate), so it must not use anything from this module's scope. */
export function canvasStats (selector: string): CanvasStats {
  const source = document.querySelector(selector)
  if (source === null) throw new Error(`no canvas ${selector}`)
  const copy = document.createElement('canvas')
  copy.width = source.width
  copy.height = source.height
  const context = copy.getContext('2d', { willReadFrequently: true })
  if (context === null) throw new Error('no 2d context')
  context.drawImage(source, 0, 0)
  const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height)
  let figure = 0
  let contact = 0
  const sums = new Array<number>(64 * 36).fill(0)
  const counts = new Array<number>(64 * 36).fill(0)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const r = data[i] ?? 0
      const g = data[i + 1] ?? 0
      const b = data[i + 2] ?? 0
      const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
      if (luminance > 110 && Math.max(r, g, b) - Math.min(r, g, b) < 45) figure++
      if (g > 150 && r < 130 && g - b > 40) contact++
      const cell = Math.floor((y * 36) / height) * 64 + Math.floor((x * 64) / width)
      sums[cell] = (sums[cell] ?? 0) + luminance
      counts[cell] = (counts[cell] ?? 0) + 1
    }
  }
  return { figure, contact, cells: sums.map((sum, i) => sum / Math.max(1, counts[i] ?? 1)) }
}

/** Cells whose mean luminance moved by more than `threshold` between two frames. */
export function changedCells (a: CanvasStats, b: CanvasStats, threshold = 4): number {
  return a.cells.filter((value, i) => Math.abs(value - (b.cells[i] ?? 0)) > threshold).length
}
