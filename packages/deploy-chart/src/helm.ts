// Runs the helm binary scripts/services.sh builds (HELM_PATH) on the chart and reads what it renders.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { parseAllDocuments } from 'yaml'

const run = promisify(execFile)

export interface HelmResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs helm with `args`; a non-zero exit is returned, not thrown, so tests can assert on refusals. */
export async function helm (helmPath: string, args: string[]): Promise<HelmResult> {
  try {
    const { stdout, stderr } = await run(helmPath, args, { maxBuffer: 64 * 1024 * 1024 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number, stdout?: string, stderr?: string }
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(error) }
  }
}

export interface KubeObject {
  apiVersion: string
  kind: string
  metadata: { name: string, namespace?: string, labels?: Record<string, string>, annotations?: Record<string, string> }
  [field: string]: unknown
}

/** The objects of `helm template` output (empty documents, which a disabled template leaves, are skipped). */
export function parseManifests (text: string): KubeObject[] {
  const objects: KubeObject[] = []
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(`helm rendered invalid YAML: ${document.errors[0]?.message ?? ''}`)
    const value = document.toJS() as KubeObject | null
    if (value !== null) objects.push(value)
  }
  return objects
}
