import { redirect } from 'react-router'
import { expect, test } from 'vitest'
import { secretAddressHeaders } from './secret-addresses.server.ts'

/** What the middleware answers for `url` when the route answered `response`. */
async function answer(url: string, response: Response): Promise<Response> {
	const args = { request: new Request(`http://localhost${url}`), params: {}, context: {} } as Parameters<typeof secretAddressHeaders>[0]
	return (await secretAddressHeaders(args, async () => response)) as Response
}

test('a secret address, its .data and its PDF are never stored, whatever the route said', async () => {
	for (const url of [
		'/voucher/AbCdEfGhIjKlMnOpQrSt',
		'/voucher/AbCdEfGhIjKlMnOpQrSt/pdf',
		'/thank-you.data?booking=x',
		'/trip/abc',
		'/__/auth/action?mode=signIn&oobCode=c',
	]) {
		const routeSaid = new Response('page', { status: 200, headers: { 'Cache-Control': 'private, no-cache', 'X-Robots-Tag': 'noindex' } })
		const sent = await answer(url, routeSaid)
		expect(sent.headers.get('Cache-Control'), url).toBe('private, no-store')
		expect(sent.headers.get('X-Robots-Tag')).toBe('noindex')
		expect(await sent.text()).toBe('page')
	}
	// A route's own no-store stands (the trip page says `no-store`).
	const trip = await answer('/trip/abc', new Response('trip', { headers: { 'Cache-Control': 'no-store' } }))
	expect(trip.headers.get('Cache-Control')).toBe('no-store')
	const notFound = await answer('/quote/NoSuchQuote000000000', new Response('missing', { status: 404 }))
	expect([notFound.status, notFound.headers.get('Cache-Control')]).toEqual([404, 'private, no-store'])
})

test('other addresses are left as the route answered them', async () => {
	for (const url of ['/packages', '/thank-you?ref=LD-2026-00042', '/book-now?package=family']) {
		const routeSaid = new Response('page', { headers: { 'Cache-Control': 'public, max-age=60' } })
		expect(await answer(url, routeSaid), url).toBe(routeSaid)
	}
})

test('a redirect into a secret address is followed as a document load', async () => {
	const booked = await answer('/book-now?package=family', redirect('/thank-you?booking=AbCdEfGhIjKlMnOpQrSt'))
	expect(booked.status).toBe(302)
	expect(booked.headers.get('Location')).toBe('/thank-you?booking=AbCdEfGhIjKlMnOpQrSt')
	expect(booked.headers.get('X-Remix-Reload-Document')).toBe('true')
	expect(booked.headers.get('Cache-Control')).toBeNull()
	const elsewhere = await answer('/book-now?package=family', redirect('/thank-you?ref=LD-2026-00042'))
	expect(elsewhere.headers.get('X-Remix-Reload-Document')).toBeNull()
})
