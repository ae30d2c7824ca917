import { describe, expect, it } from 'vitest'
import { assertPublicDestination, ForbiddenDestinationError, isForbiddenAddress } from '../../src/domain/destination-guard.js'

describe('SSRF destination guard', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '::1', 'fe80::1', 'fd00::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.0.0.1'
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true)
  })

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])('allows public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false)
  })

  it('refuses URLs with private IP literals before any connection', async () => {
    await expect(assertPublicDestination(new URL('http://169.254.169.254/latest/meta-data'))).rejects.toBeInstanceOf(ForbiddenDestinationError)
    await expect(assertPublicDestination(new URL('http://[::1]:8080/'))).rejects.toBeInstanceOf(ForbiddenDestinationError)
  })

  it('refuses hostnames that resolve to loopback', async () => {
    await expect(assertPublicDestination(new URL('http://localhost:3000/hook'))).rejects.toBeInstanceOf(ForbiddenDestinationError)
  })
})
