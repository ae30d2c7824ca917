import { describe, expect, it } from 'vitest'
import { exportClip } from '../src/export-clip.js'
import type { ExportFormat } from '../src/export-clip.js'
import { readFbxNodes } from '../src/fbx/fbx-binary-reader.js'
import { readGlbAnimation } from '../src/glb-reader.js'
import { parseBvh } from './support/bvh-parser.js'
import { randomClip } from './support/clips.js'
import { nameOf, objectsOf } from './support/fbx-query.js'

describe('exportClip', () => {
  it('returns each requested format once, in order, with file name and content type', async () => {
    const files = await exportClip(randomClip(3), ['fbx', 'bvh', 'glb', 'bvh'], { name: 'Happy walk!' })
    expect(files.map(f => [f.format, f.fileName, f.contentType])).toEqual([
      ['fbx', 'Happy_walk_.fbx', 'application/octet-stream'],
      ['bvh', 'Happy_walk_.bvh', 'text/plain; charset=utf-8'],
      ['glb', 'Happy_walk_.glb', 'model/gltf-binary']
    ])
    expect(parseBvh(new TextDecoder().decode(files[1]!.bytes)).frames).toHaveLength(3)
    expect((await readGlbAnimation(files[2]!.bytes)).name).toBe('Happy walk!')
    expect(objectsOf(readFbxNodes(files[0]!.bytes).nodes, 'AnimationStack').map(nameOf)).toEqual(['Happy walk!'])
  })

  it('passes rootAtOrigin and bonePrefix to every format', async () => {
    const files = await exportClip(randomClip(2), ['bvh', 'glb', 'fbx'], { rootAtOrigin: true, bonePrefix: 'mixamorig:', fileBaseName: 'clip-1' })
    expect(files.map(f => f.fileName)).toEqual(['clip-1.bvh', 'clip-1.glb', 'clip-1.fbx'])
    expect(parseBvh(new TextDecoder().decode(files[0]!.bytes)).nodes[0]!.name).toBe('mixamorig:Root')
    expect((await readGlbAnimation(files[1]!.bytes)).nodes[0]!.name).toBe('mixamorig:Root')
    expect(nameOf(objectsOf(readFbxNodes(files[2]!.bytes).nodes, 'Model', 'LimbNode')[0]!)).toBe('mixamorig:Root')
  })

  it('returns nothing for no formats and rejects an unknown one', async () => {
    expect(await exportClip(randomClip(1), [])).toEqual([])
    await expect(exportClip(randomClip(1), ['obj' as ExportFormat])).rejects.toThrow(/unknown export format "obj"/)
  })
})
