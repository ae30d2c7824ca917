// The repository's import graph and its circles (ARCHITECTURE.md: no module imports itself through others).
// Type-only imports count: a circle of types still means two modules cannot be understood, moved or split apart,
// which is why this is not ESLint's import-x/no-cycle (that rule skips `import type`). Relative specifiers are
// resolved as TypeScript's NodeNext resolution does (`./x.js` names `./x.ts`); workspace packages cannot form a
// circle through each other's names because pnpm refuses a cyclic workspace graph.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

export type ImportGraph = Map<string, string[]>

const SOURCE = /\.(?:c|m)?tsx?$/

/** Every TypeScript file git tracks under `root`, with the files it imports or re-exports from (relative specifiers only). */
export function importGraph (root: string): ImportGraph {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0').filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && existsSync(join(root, f)))
  const graph: ImportGraph = new Map()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveSpecifier(root, file, specifier))
      .filter((target): target is string => target !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

function resolveSpecifier (root: string, from: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(from), specifier)
  const stem = base.replace(/\.(?:c|m)?jsx?$/, '')
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, join(base, 'index.ts')]
  const found = candidates.find((c) => SOURCE.test(c) && existsSync(c))
  return found === undefined ? undefined : relative(root, found)
}

/**
 * The circles of `graph`: one per strongly connected component of more than one file (or a file importing itself),
 * each given as one closed path through it, shortest first. Tarjan's algorithm, iterative so deep graphs cannot
 * overflow the stack.
 */
export function findCycles (graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: Array<{ node: string, edge: number }> = [{ node: start, edge: 0 }]
    index.set(start, next); low.set(start, next++); stack.push(start); onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string, edge: number }
      const edges = graph.get(frame.node) ?? []
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++] as string
        if (!index.has(to)) {
          index.set(to, next); low.set(to, next++); stack.push(to); onStack.add(to)
          work.push({ node: to, edge: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.node)
      if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) components.push(component)
    }
  }
  return components.map((component) => closedPath(graph, new Set(component))).sort((a, b) => a.length - b.length)
}

/** A shortest path from the component's first file (in name order) back to itself, through the component only. */
function closedPath (graph: ImportGraph, component: Set<string>): string[] {
  const start = [...component].sort()[0] as string
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift() as string
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue
      if (to === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string)
        return [...path, start]
      }
      if (!previous.has(to)) {
        previous.set(to, node)
        queue.push(to)
      }
    }
  }
  return [start, start]
}
