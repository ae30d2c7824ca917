// The three.js viewer: a GLB from a download link, played by an AnimationMixer over a ground grid, with the
// character's shadow and a marker under each foot while it touches the floor, so foot sliding and floating
// (what footLockingMode changes) are visible at a glance.
import {
  AnimationMixer, Box3, Color, DirectionalLight, GridHelper, HemisphereLight, Mesh, PerspectiveCamera, PlaneGeometry,
  Scene, ShadowMaterial, Vector3, WebGLRenderer, type AnimationAction, type Bone, type Object3D
} from 'three'
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js'
import { OrbitControls } from 'three/addons/controls/OrbitControls.js'
import { FootContacts } from './foot-contacts.js'

function hipsOf (root: Object3D): Object3D | undefined {
  let hips: Object3D | undefined
  root.traverse((node) => { if (hips === undefined && (node as Bone).isBone && /hips|pelvis/i.test(node.name)) hips = node })
  return hips
}

export interface ViewerEvents {
  /** Called every frame with the clip time and length, seconds. */
  onTime: (time: number, duration: number) => void
  onPlayingChange: (playing: boolean) => void
}

export class MotionViewer {
  private readonly renderer: WebGLRenderer
  private readonly scene = new Scene()
  private readonly camera = new PerspectiveCamera(40, 16 / 9, 0.05, 200)
  private readonly controls: OrbitControls
  private readonly sun = new DirectionalLight(0xffffff, 2.2)
  private readonly loader = new GLTFLoader()
  private readonly events: ViewerEvents
  private model: Object3D | undefined
  private mixer: AnimationMixer | undefined
  private action: AnimationAction | undefined
  private contacts: FootContacts | undefined
  /** The bone the camera follows (hips), so a walking character stays in view while orbiting still works. */
  private anchor: Object3D | undefined
  private readonly anchorAt = new Vector3()
  private readonly anchorNow = new Vector3()
  private last = performance.now()
  private loadToken = 0
  playing = false
  duration = 0

  constructor (canvas: HTMLCanvasElement, events: ViewerEvents) {
    this.events = events
    // preserveDrawingBuffer keeps the last frame readable (drawImage, screenshots) after it is shown.
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true })
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2))
    this.renderer.shadowMap.enabled = true
    this.scene.background = new Color(0x1d232c)
    this.scene.add(new HemisphereLight(0xdde6f5, 0x3b4252, 1.4))
    this.sun.position.set(3, 6, 4)
    this.sun.castShadow = true
    this.sun.shadow.mapSize.set(1024, 1024)
    this.scene.add(this.sun, this.sun.target)
    const grid = new GridHelper(20, 40, 0x4c566a, 0x3b4252)
    grid.position.y = 0.001
    const floor = new Mesh(new PlaneGeometry(40, 40), new ShadowMaterial({ opacity: 0.45 }))
    floor.rotation.x = -Math.PI / 2
    floor.receiveShadow = true
    this.scene.add(floor, grid)
    this.camera.position.set(2.5, 1.6, 4)
    this.controls = new OrbitControls(this.camera, canvas)
    this.controls.target.set(0, 0.9, 0)
    this.controls.enableDamping = true
    new ResizeObserver(() => { this.resize() }).observe(canvas.parentElement ?? canvas)
    canvas.addEventListener('keydown', (event) => { this.onKey(event) })
    this.resize()
    this.renderer.setAnimationLoop(() => { this.frame() })
  }

  /** Loads a GLB and starts playing its first animation; a later load wins over one still in flight. */
  async load (url: string): Promise<void> {
    const token = ++this.loadToken
    const gltf = await this.loader.loadAsync(url)
    if (token !== this.loadToken) return
    if (this.model !== undefined) this.scene.remove(this.model)
    this.contacts?.dispose()
    this.model = gltf.scene
    this.model.traverse((node) => { if ((node as Mesh).isMesh) { node.castShadow = true; node.frustumCulled = false } })
    this.scene.add(this.model)
    const clip = gltf.animations[0]
    this.mixer = new AnimationMixer(this.model)
    this.action = clip === undefined ? undefined : this.mixer.clipAction(clip)
    this.action?.play()
    this.duration = clip?.duration ?? 0
    this.mixer.setTime(0)
    this.contacts = new FootContacts(this.model, this.scene)
    this.anchor = hipsOf(this.model)
    this.frameCamera()
    this.anchor?.getWorldPosition(this.anchorAt)
    this.setPlaying(this.duration > 0)
  }

  setPlaying (playing: boolean): void {
    this.playing = playing && this.duration > 0
    this.last = performance.now()
    this.events.onPlayingChange(this.playing)
  }

  seek (time: number): void {
    if (this.mixer === undefined) return
    this.mixer.setTime(Math.max(0, Math.min(this.duration, time)))
  }

  get time (): number {
    return this.action?.time ?? 0
  }

  private frame (): void {
    const now = performance.now()
    const dt = Math.min(0.1, (now - this.last) / 1000)
    this.last = now
    if (this.playing) this.mixer?.update(dt)
    this.contacts?.update()
    this.follow()
    this.controls.update()
    this.renderer.render(this.scene, this.camera)
    this.events.onTime(this.time, this.duration)
  }

  private follow (): void {
    if (this.anchor === undefined) return
    this.anchor.getWorldPosition(this.anchorNow)
    const dx = this.anchorNow.x - this.anchorAt.x
    const dz = this.anchorNow.z - this.anchorAt.z
    this.anchorAt.copy(this.anchorNow)
    for (const point of [this.camera.position, this.controls.target, this.sun.position, this.sun.target.position]) { point.x += dx; point.z += dz }
  }

  private frameCamera (): void {
    if (this.model === undefined) return
    this.model.updateMatrixWorld(true)
    const box = new Box3().setFromObject(this.model)
    const size = box.getSize(new Vector3())
    const center = box.getCenter(new Vector3())
    const height = Math.max(size.y, 0.5)
    this.controls.target.set(center.x, center.y, center.z)
    const distance = height * 2.4
    this.camera.position.set(center.x + distance * 0.55, center.y + height * 0.35, center.z + distance)
    this.sun.position.set(center.x + 3, 6, center.z + 4)
    this.sun.target.position.copy(center)
    const reach = Math.max(size.x, size.z, height) * 2
    Object.assign(this.sun.shadow.camera, { left: -reach, right: reach, top: reach, bottom: -reach })
    this.sun.shadow.camera.updateProjectionMatrix()
  }

  private resize (): void {
    const canvas = this.renderer.domElement
    const width = canvas.clientWidth || 640
    const height = canvas.clientHeight || 360
    this.renderer.setSize(width, height, false)
    this.camera.aspect = width / height
    this.camera.updateProjectionMatrix()
  }

  private onKey (event: KeyboardEvent): void {
    if (event.key === ' ' || event.key === 'k') {
      event.preventDefault()
      this.setPlaying(!this.playing)
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      this.setPlaying(false)
      this.seek(this.time + (event.key === 'ArrowLeft' ? -1 : 1) / 30)
    }
  }
}
