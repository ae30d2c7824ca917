// The Khronos validator ships without type declarations; this covers the part the tests call.
declare module 'gltf-validator' {
  export interface ValidationMessage { code: string, message: string, severity: number, pointer?: string }
  export interface ValidationReport {
    issues: { numErrors: number, numWarnings: number, numInfos: number, numHints: number, messages: ValidationMessage[] }
    info?: { animationCount?: number, hasSkins?: boolean, totalVertexCount?: number, [key: string]: unknown }
  }
  export function validateBytes (data: Uint8Array, options?: { maxIssues?: number, writeTimestamp?: boolean }): Promise<ValidationReport>
}
