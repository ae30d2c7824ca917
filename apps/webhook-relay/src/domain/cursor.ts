// Opaque cursors for keyset pagination. Ids sort by creation time (see ids.ts), so the last id of a page is
// the whole sort key; base64url keeps clients from depending on its shape, and pages stay stable while new
// rows arrive.

const ID_SHAPE = /^[a-z]{2,3}_[0-9a-f]{32}$/

export function encodeCursor (lastId: string): string {
  return Buffer.from(lastId).toString('base64url')
}

export function decodeCursor (text: string): string | undefined {
  const id = Buffer.from(text, 'base64url').toString('utf8')
  return ID_SHAPE.test(id) ? id : undefined
}
