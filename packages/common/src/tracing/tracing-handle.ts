// What starting tracing hands back to runService: whether spans are recorded, and how to flush them at the end.

export interface Tracing {
  /** Whether spans are being recorded and exported. */
  readonly enabled: boolean
  /** Exports the spans still buffered and stops; called once the app has closed. */
  shutdown (): Promise<void>
}
