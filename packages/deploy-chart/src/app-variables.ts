// The variables an app declares, read from the table its README carries: that table is generated from the app's
// config declaration (src/config.ts), and a test in each app fails when the two drift.
export type AppName = 'motion-api' | 'auth-server' | 'webhook-relay'

// | `NAME` | yes/no (required) | `default` | format | description |
const ROW = /^\| `([A-Z][A-Z0-9_]*)` \| (?:yes|no) \|/gm

export function declaredVariables (readme: string): Set<string> {
  return new Set([...readme.matchAll(ROW)].map((match) => match[1] ?? ''))
}
