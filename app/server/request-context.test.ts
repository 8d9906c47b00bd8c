import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { clientAddressOf, requestInfoContext, resolveClientAddress } from './request-context.ts'

describe('client address', () => {
	test('the socket address, unless a trusted proxy reports one', () => {
		expect(resolveClientAddress('::ffff:203.0.113.5', '198.51.100.1', false)).toBe('203.0.113.5')
		// Behind a trusted proxy the last entry is what the proxy saw; earlier ones are client claims.
		expect(resolveClientAddress('10.0.0.2', 'spoofed, 198.51.100.7', true)).toBe('198.51.100.7')
		expect(resolveClientAddress('10.0.0.2', '', true)).toBe('10.0.0.2')
		expect(resolveClientAddress('', null, false)).toBe('unknown')
	})
	test('read from the request context, with a default', () => {
		const context = new RouterContextProvider()
		expect(clientAddressOf(context)).toBe('unknown')
		context.set(requestInfoContext, { requestId: 'r', startedAt: 0, clientAddress: '203.0.113.9' })
		expect(clientAddressOf(context)).toBe('203.0.113.9')
		expect(clientAddressOf(undefined)).toBe('unknown')
	})
})
