// Environment configuration declared once as a TypeBox object schema. The same declaration parses
// process.env at start-up (failing with one message that names the variable and the expected format) and
// documents itself (Markdown table, .env.example lines), so docs cannot drift from code. Rules that tie several
// variables together live beside the schema, so every misconfiguration is found by load(), before anything starts.
import { readFileSync } from 'node:fs'
import { FormatRegistry, Kind, Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

// TypeBox checks no string format until one is registered; URLs are the one env variables use.
if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', (value) => URL.canParse(value))

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID'
  constructor (readonly variable: string, message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

export interface VariableDoc {
  name: string
  required: boolean
  default: string | undefined
  format: string
  description: string
}

export type Env = Record<string, string | undefined>

export interface LoadOptions {
  /** Receives one line per deprecated variable name found in the environment. */
  warn?: (message: string) => void
}

export interface ConfigDefinition<T extends TObject> {
  readonly schema: T
  /** Parses and validates; throws ConfigError naming the first bad variable. The result is frozen. */
  load (env?: Env, options?: LoadOptions): Readonly<Static<T>>
  variables (): VariableDoc[]
  markdownTable (): string
  /** Old variable names still accepted (old → new). */
  readonly renamed: Readonly<Record<string, string>>
}

/** A rule over several variables: throws ConfigError naming the variable to fix. */
export type ConfigRule<T extends TObject> = (config: Readonly<Static<T>>) => void

export interface ConfigOptions<T extends TObject> {
  rules?: Array<ConfigRule<T>>
  /**
   * Names that were renamed (old → new). The old name is still read, with a warning, for one release; when both are
   * set the new one wins.
   */
  renamed?: Record<string, string>
}

/** Throws ConfigError naming `variable` unless `ok`. For cross-field rules. */
export function requireThat (ok: boolean, variable: string, message: string): void {
  if (!ok) throw new ConfigError(variable, message)
}

/** Whether an optional string variable holds a value. */
export function isSet (value: string | undefined): value is string {
  return value !== undefined && value !== ''
}

/** An enum-like variable: one of the given strings. */
export function EnvEnum<const V extends readonly [string, ...string[]]> (values: V, options: { default?: V[number], description: string }) {
  return Type.Union(values.map((v) => Type.Literal(v)), options)
}

export function defineConfig<T extends TObject> (schema: T, options: ConfigOptions<T> = {}): ConfigDefinition<T> {
  const renamed = Object.freeze({ ...options.renamed })
  checkRenames(schema, renamed)
  return {
    schema,
    renamed,
    load: (env = process.env, loadOptions = {}) => {
      const config = loadConfig(schema, withRenamedVariables(env, renamed, loadOptions.warn))
      for (const rule of options.rules ?? []) rule(config)
      return config
    },
    variables: () => describeVariables(schema),
    markdownTable: () => toMarkdownTable(describeVariables(schema))
  }
}

// A rename is checked where it is declared, so a wrong one stops the app at import in every environment instead of
// warning on each start that a variable is deprecated in favour of itself (which also stops the old name being read).
function checkRenames (schema: TObject, renamed: Readonly<Record<string, string>>): void {
  for (const [old, current] of Object.entries(renamed)) {
    if (old === current) throw new ConfigError(old, `${old} is renamed to itself: a rename maps the old name to a different, declared one`)
    if (!(current in schema.properties)) throw new ConfigError(old, `${old} is renamed to ${current}, which is not a declared variable`)
    if (old in schema.properties) throw new ConfigError(old, `${old} is renamed to ${current} but is still a declared variable`)
  }
}

function withRenamedVariables (env: Env, renamed: Readonly<Record<string, string>>, warn?: (message: string) => void): Env {
  const out = { ...env }
  for (const [old, current] of Object.entries(renamed)) {
    for (const suffix of ['', FILE_SUFFIX]) {
      if (!isSet(env[old + suffix])) continue
      warn?.(`${old + suffix} is deprecated and will stop working in the next release: use ${current + suffix}`)
      if (!isSet(env[current + suffix])) out[current + suffix] = env[old + suffix]
    }
  }
  return out
}

// Docker and Kubernetes hand secrets over as files: NAME_FILE=/run/secrets/name stands for NAME=<its content>.
const FILE_SUFFIX = '_FILE'

function readVariable (name: string, env: Env): string | undefined {
  const path = env[name + FILE_SUFFIX]
  if (!isSet(path)) return env[name]
  if (isSet(env[name])) throw new ConfigError(name, `${name} and ${name}${FILE_SUFFIX} are both set: keep one`)
  try {
    // One trailing newline is what editors and `echo` add; the value itself never ends with one.
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '')
  } catch (error) {
    throw new ConfigError(name + FILE_SUFFIX, `${name}${FILE_SUFFIX} is invalid: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
}

function loadConfig<T extends TObject> (schema: T, env: Env): Readonly<Static<T>> {
  const required = new Set(schema.required ?? [])
  const result: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(schema.properties) as [string, TSchema][]) {
    const raw = readVariable(name, env)
    if (raw === undefined || raw === '') {
      if (property.default !== undefined) result[name] = structuredClone(property.default)
      else if (required.has(name)) throw new ConfigError(name, `${name} is required: expected ${describeFormat(property)}`)
      continue
    }
    const value = coerce(property, raw)
    if (!Value.Check(property, value)) {
      throw new ConfigError(name, `${name} is invalid: expected ${describeFormat(property)}, got ${JSON.stringify(raw)}`)
    }
    result[name] = value
  }
  return Object.freeze(result) as Readonly<Static<T>>
}

function coerce (schema: TSchema, raw: string): unknown {
  switch (schema[Kind]) {
    case 'Integer':
    case 'Number': return raw.trim() === '' ? Number.NaN : Number(raw)
    case 'Boolean': {
      const lower = raw.trim().toLowerCase()
      if (['true', '1', 'yes', 'on'].includes(lower)) return true
      if (['false', '0', 'no', 'off'].includes(lower)) return false
      return raw
    }
    default: return raw
  }
}

function describeFormat (schema: TSchema): string {
  if (typeof schema.format === 'string' && schema.format.length > 0 && schema[Kind] === 'String') {
    return `a ${schema.format === 'uri' ? 'URL' : schema.format}`
  }
  switch (schema[Kind]) {
    case 'Integer':
    case 'Number': {
      const noun = schema[Kind] === 'Integer' ? 'an integer' : 'a number'
      if (schema.minimum !== undefined && schema.maximum !== undefined) return `${noun} from ${schema.minimum} to ${schema.maximum}`
      if (schema.minimum !== undefined) return `${noun} ≥ ${schema.minimum}`
      return noun
    }
    case 'Boolean': return 'true or false'
    case 'Union': {
      const literals = (schema.anyOf as TSchema[]).map((s) => s.const as unknown).filter((c) => c !== undefined)
      return `one of ${literals.join(', ')}`
    }
    case 'String': {
      if (typeof schema.pattern === 'string') return `a string matching /${schema.pattern}/`
      if (typeof schema.minLength === 'number' && schema.minLength > 0) return `a string of at least ${schema.minLength} characters`
      return 'a string'
    }
    default: return 'a valid value'
  }
}

function describeVariables (schema: TObject): VariableDoc[] {
  const required = new Set(schema.required ?? [])
  return (Object.entries(schema.properties) as [string, TSchema][]).map(([name, property]) => ({
    name,
    required: required.has(name) && property.default === undefined,
    default: property.default === undefined ? undefined : String(property.default),
    format: describeFormat(property),
    description: typeof property.description === 'string' ? property.description : ''
  }))
}

function toMarkdownTable (variables: VariableDoc[]): string {
  const rows = variables.map(
    (v) =>
      `| \`${v.name}\` | ${v.required ? 'yes' : 'no'} | ${v.default === undefined ? '' : `\`${v.default}\``} | ${v.format} | ${v.description.replaceAll('|', '\\|')} |`
  )
  return ['| Variable | Required | Default | Format | Description |', '|---|---|---|---|---|', ...rows].join('\n')
}
