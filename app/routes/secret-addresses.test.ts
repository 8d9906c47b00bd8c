/**
 * Every route with a secret in its address is declared in app/lib/secret-addresses.ts (ADR 169): the
 * routes of app/routes.ts are walked, and each one whose address has a dynamic part must be listed
 * there or named below as public, with the reason. The built server's answers are checked in
 * tests/e2e/secret-addresses.spec.ts.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { routeEntries } from '#tests/support/routes.ts'
import { isSecretAddress, secretAddresses } from '~/lib/secret-addresses.ts'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Routes whose address has a dynamic part but no secret, and why. */
const publicDynamic: Record<string, string> = {
	'packages/:slug': 'a published package',
	'media/:file': 'a photo of the public library',
	'admin/sso/:provider': 'the button of a configured company sign-in',
	'*': 'the not-found page',
	'admin/*': 'the staff not-found page',
	'agent/*': 'the agent area’s not-found page',
	'identitytoolkit.googleapis.com/*': 'the identity API’s unknown calls (JSON, no page)',
	'securetoken.googleapis.com/*': 'the token API’s unknown calls (JSON, no page)',
}
/** Staff pages: an id opens nothing without a staff session, and the server makes every /admin answer private, no-store. */
const isStaffPage = (route: string) => route.startsWith('admin/')
/** The agent area likewise (ADR 221, 232): an id opens nothing without the session of that agency's user; every /agent answer is private, no-store. */
const isAgentPage = (route: string) => route.startsWith('agent/')

describe('addresses that carry a secret', () => {
	const declared = new Set(routeEntries().map((route) => route.path))
	const secret = new Set<string>(secretAddresses.map((entry) => entry.route))

	test('every route with a dynamic part in app/routes.ts is a secret address, or public for a reason', () => {
		const unclassified = [...declared].filter(
			(route) =>
				/(?:^|\/)[:*]/.test(route) &&
				!secret.has(route) &&
				!(route in publicDynamic) &&
				!(isStaffPage(route) && !route.includes('sso/')) &&
				!isAgentPage(route),
		)
		expect(unclassified).toEqual([])
	})

	test('every secret address is a declared route, and reads its secret where one is named', () => {
		for (const entry of secretAddresses) {
			expect(declared.has(entry.route), entry.route).toBe(true)
			if (!('query' in entry)) continue
			const file = routeEntries().find((route) => route.path === entry.route && route.page)!.file
			// The route module, or the `.server.ts` beside it that its loader calls.
			const text = [file, file.replace(/\.tsx?$/, '.server.ts')].map((name) => readFileSafely(path.join(appDir, name)) ?? '').join('\n')
			expect(text, `${entry.route} reads ?${entry.query}`).toContain(`'${entry.query}'`)
		}
	})

	test('the check: pages, their .data, PDFs, any letter case; a query secret only when it is there', () => {
		const id = 'AbCdEfGhIjKlMnOpQrSt'
		for (const address of [
			`/voucher/${id}`,
			`/voucher/${id}.data`,
			`/VOUCHER/${id}/pdf`,
			`/invoice/${id}`,
			`/quote/${id}/`,
			`/trip/abc/pay`,
			`/trip/abc.data`,
			'/thank-you?booking=x',
			'/thank-you.data?booking=x&_routes=routes%2Fbare%2Fthank-you',
			'/book-now?quote=x',
			'/__/auth/action?mode=signIn&oobCode=y',
			'/admin/sso/acme/callback?code=z&state=s',
		]) {
			expect(isSecretAddress(new URL(address, 'http://localhost')), address).toBe(true)
		}
		for (const address of [
			'/',
			'/_root.data',
			'/thank-you',
			'/thank-you?ref=LD-2026-00042',
			'/book-now?package=family',
			'/book-now?quote=',
			'/packages/family',
			'/voucher',
			'/trips/abc',
			'/voucher/a/b/c',
			'/__/auth/action?mode=signIn',
			'/admin/leads/abc',
		]) {
			expect(isSecretAddress(new URL(address, 'http://localhost')), address).toBe(false)
		}
	})
})

function readFileSafely(name: string): string | null {
	try {
		return readFileSync(name, 'utf8')
	} catch {
		return null
	}
}
