// A skinned humanoid built and exported as FBX by Blender itself (Debian `blender`, run headless), the way artists
// export: embedded textures, no leaf bones, weights as painted. Used by the integration tests here and by
// motion-api's whole-path corpus test; `hasBlender()` tells whether the tool is installed.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEXTURE_PNG } from './corpus.js'

export function hasBlender (): boolean {
  try {
    execFileSync('blender', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Bone names by body part with a glued L/R suffix (`robot`), or the same words on both sides, the right copy numbered .001 (`sideless`). */
export type BlenderNaming = 'robot' | 'sideless'

export function blenderFbx (naming: BlenderNaming): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'characters-blender-'))
  writeFileSync(join(dir, 'skin.png'), TEXTURE_PNG)
  writeFileSync(join(dir, 'humanoid.py'), HUMANOID_PY)
  const out = join(dir, `${naming}.fbx`)
  execFileSync('blender', ['-b', '--factory-startup', '--python', join(dir, 'humanoid.py'), '--', out, join(dir, 'skin.png'), naming], {
    stdio: 'ignore',
    timeout: 120_000
  })
  return readFileSync(out)
}

const HUMANOID_PY = `# Builds a small skinned humanoid in an empty Blender scene and exports it as FBX the way artists do (embedded
# textures, no leaf bones). Run: blender -b --factory-startup --python humanoid.py -- OUT.fbx TEXTURE.png robot|sideless
# Bones are named by body part with a glued L/R suffix (robot) or with the same words on both sides, Blender
# numbering the right-hand copy .001 (sideless). Each bone is wrapped in a box weighted 0.8 to it and 0.3 to its
# parent (Blender exports weights as painted: they do not sum to 1). Two ARKit shape keys, one PNG diffuse texture;
# the legs use a second material.
import sys

import bmesh
import bpy

out, png, mode = sys.argv[sys.argv.index('--') + 1:][:3]
bpy.ops.wm.read_factory_settings(use_empty=True)

# name, head, tail, parent; +X is the character's left, it faces -Y, Z is up (Blender's axes).
SPINE = [('Hips', (0, 0, 0.95), (0, 0, 1.05), None), ('Abdomen', (0, 0, 1.05), (0, 0, 1.2), 'Hips'),
         ('Torso', (0, 0, 1.2), (0, 0, 1.35), 'Abdomen'), ('Chest3', (0, 0, 1.35), (0, 0, 1.45), 'Torso'),
         ('Neck', (0, 0, 1.45), (0, 0, 1.55), 'Chest3'), ('Head', (0, 0, 1.55), (0, 0, 1.75), 'Neck')]
LIMBS = [('Shoulder', (0.05, 0, 1.42), (0.18, 0, 1.42), 'Chest3'), ('UpperArm', (0.18, 0, 1.42), (0.45, 0, 1.42), 'Shoulder'),
         ('LowerArm', (0.45, 0, 1.42), (0.7, 0, 1.42), 'UpperArm'), ('Palm2', (0.7, 0, 1.42), (0.8, 0, 1.42), 'LowerArm'),
         ('Middle1', (0.8, 0, 1.42), (0.88, 0, 1.42), 'Palm2'), ('UpperLeg', (0.1, 0, 0.95), (0.1, 0, 0.5), 'Hips'),
         ('LowerLeg', (0.1, 0, 0.5), (0.1, 0, 0.08), 'UpperLeg'), ('Foot', (0.1, 0, 0.08), (0.1, -0.12, 0.02), 'LowerLeg'),
         ('Toe', (0.1, -0.12, 0.02), (0.1, -0.2, 0.02), 'Foot')]


def sided(name, side):
    if mode == 'robot':
        return name + side
    return name if side == 'L' else name + '.001'


BONES = list(SPINE)
for side, sign in (('L', 1), ('R', -1)):
    for name, head, tail, parent in LIMBS:
        flip = lambda p: (p[0] * sign, p[1], p[2])
        BONES.append((sided(name, side), flip(head), flip(tail), parent if parent in dict((b[0], 1) for b in SPINE) else sided(parent, side)))

armature = bpy.data.objects.new('Armature', bpy.data.armatures.new('Armature'))
bpy.context.scene.collection.objects.link(armature)
bpy.context.view_layer.objects.active = armature
bpy.ops.object.mode_set(mode='EDIT')
for name, head, tail, parent in BONES:
    bone = armature.data.edit_bones.new(name)
    bone.head, bone.tail = head, tail
    if parent is not None:
        bone.parent = armature.data.edit_bones[parent]
bpy.ops.object.mode_set(mode='OBJECT')

mesh = bpy.data.meshes.new('Body')
body = bpy.data.objects.new('Body', mesh)
bpy.context.scene.collection.objects.link(body)
bm = bmesh.new()
uv = bm.loops.layers.uv.new('UVMap')
owners = []
for index, (name, head, tail, parent) in enumerate(BONES):
    r = 0.04
    lo = [min(head[i], tail[i]) - r for i in range(3)]
    hi = [max(head[i], tail[i]) + r for i in range(3)]
    corners = [bm.verts.new((x, y, z)) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
    owners += [(name, parent)] * 8
    for face in ((0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)):
        f = bm.faces.new([corners[i] for i in face])
        for loop in f.loops:
            loop[uv].uv = (0.5 + loop.vert.co.x / 2, loop.vert.co.z / 2)
bm.to_mesh(mesh)
bm.free()
for name, _, _, _ in BONES:
    body.vertex_groups.new(name=name)
for v, (name, parent) in enumerate(owners):
    body.vertex_groups[name].add([v], 0.8, 'REPLACE')
    if parent is not None:
        body.vertex_groups[parent].add([v], 0.3, 'ADD')
body.parent = armature
body.modifiers.new('Armature', 'ARMATURE').object = armature

body.shape_key_add(name='Basis')
for key, dz in (('jawOpen', -0.02), ('eyeBlinkLeft', -0.005)):
    shape = body.shape_key_add(name=key)
    for v, (name, _) in enumerate(owners):
        if name == 'Head':
            shape.data[v].co.z += dz

material = bpy.data.materials.new('Skin')
material.use_nodes = True
texture = material.node_tree.nodes.new('ShaderNodeTexImage')
texture.image = bpy.data.images.load(png)
material.node_tree.links.new(texture.outputs['Color'], material.node_tree.nodes['Principled BSDF'].inputs['Base Color'])
mesh.materials.append(material)
metal = bpy.data.materials.new('Metal')
metal.diffuse_color = (0.2, 0.3, 0.8, 1)
mesh.materials.append(metal)
for polygon in mesh.polygons:  # the legs are metal: a second material on some polygons
    polygon.material_index = 1 if polygon.center.z < 0.9 else 0

bpy.ops.export_scene.fbx(filepath=out, path_mode='COPY', embed_textures=True, add_leaf_bones=False, bake_anim=False)
`
