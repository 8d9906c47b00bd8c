/**
 * Access hardening over HTTP against the built server: throttled sign-in and
 * sign-up keep Retry-After; an attack from one client does not lock the owner
 * out; the rates CSV downloads; /consent refuses cross-site posts; return
 * addresses never leave the site. Requests come from distinct loopback
 * addresses (127.0.0.x), so each "client" has its own throttling buckets and
 * the rest of the suite (from 127.0.0.1) is not held back.
 */
import http from 'node:http'
import { expect, test } from '@playwright/test'
import { baseURL } from '../../playwright.config.ts'
import { demoStaff, e2eIdentityApiKey, uniqueEmail } from './helpers.ts'

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** One HTTP request from a given loopback address (the server sees it as the client address). */
function send(method: string, path: string, options: { from: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
	const url = new URL(path, baseURL)
	return new Promise((resolve, reject) => {
		const request = http.request(
			{
				host: '127.0.0.1',
				port: url.port,
				path: url.pathname + url.search,
				method,
				localAddress: options.from,
				headers: { Host: url.host, ...options.headers },
			},
			(response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
			},
		)
		request.on('error', reject)
		request.end(options.body)
	})
}

const form = (fields: Record<string, string>) => ({
	headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	body: new URLSearchParams(fields).toString(),
})

const signInForm = (from: string, email: string, password: string, redirectTo?: string) =>
	send('POST', '/admin/login', { from, ...form({ email, password, ...(redirectTo ? { redirectTo } : {}) }) })

async function newAccount(from: string): Promise<{ email: string; password: string }> {
	const email = uniqueEmail('target')
	const password = 'Coral#Reef2026'
	const created = await send('POST', `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${e2eIdentityApiKey}`, {
		from,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email, password, returnSecureToken: true }),
	})
	expect(created.status).toBe(200)
	return { email, password }
}

const unique = () => Math.floor(Math.random() * 200) + 20

test('an attack from one client: guesses throttled with Retry-After, the owner signs in from a fresh client at once', async () => {
	const attacker = `127.0.0.${unique()}`
	const fresh = `127.0.1.${unique()}`
	const target = await newAccount(`127.0.2.${unique()}`)
	// 20 wrong passwords at once from one client.
	const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signInForm(attacker, target.email, `guess-${i}`)))
	const statuses = answers.map((answer) => answer.status)
	expect(statuses.filter((status) => status === 400 || status === 401).length).toBeLessThanOrEqual(5)
	const throttled = answers.filter((answer) => answer.status === 429)
	expect(throttled.length).toBeGreaterThanOrEqual(15)
	for (const answer of throttled) {
		expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
		expect(answer.body.toString()).toMatch(/Too many attempts\. For your security, wait \d+ (minutes?|seconds) and try again\./)
	}
	// The attacker is refused even with the right password...
	const attackerRight = await signInForm(attacker, target.email, target.password)
	expect(attackerRight.status).toBe(429)
	// ...the account holder, from another client, is not.
	const holder = await signInForm(fresh, target.email, target.password)
	expect(holder.status).toBe(302)
	expect(holder.headers.location).toBe('/admin/pending-approval')
	expect(String(holder.headers['set-cookie'])).toMatch(/session=/)
})

test('the identity API and the sign-up page answer 429 with Retry-After', async () => {
	const client = `127.0.3.${unique()}`
	const path = `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${e2eIdentityApiKey}`
	const attempt = () =>
		send('POST', path, {
			from: client,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: 'api-target@example.com', password: 'wrong-guess' }),
		})
	for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(400)
	const refused = await attempt()
	expect(refused.status).toBe(429)
	expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
	expect(JSON.parse(refused.body.toString()).error.message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/)

	// Sign-ups: 20 an hour from one client address; the 21st is refused on the page itself.
	const signUpClient = `127.0.4.${unique()}`
	const signUp = () =>
		send('POST', '/admin/signup', { from: signUpClient, ...form({ displayName: 'Test Person', email: uniqueEmail('signup'), password: 'Coral#Reef2026' }) })
	for (let i = 0; i < 20; i++) expect((await signUp()).status).toBe(302)
	const limited = await signUp()
	expect(limited.status).toBe(429)
	expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
	expect(limited.body.toString()).toContain('Too many attempts')
})

test('the sign-up page answers the same for a new and a taken email', async () => {
	const client = `127.0.5.${unique()}`
	const taken = await newAccount(client)
	const answers = await Promise.all(
		[uniqueEmail('new'), taken.email].map((email) =>
			send('POST', '/admin/signup', { from: client, ...form({ displayName: 'Test Person', email, password: 'Coral#Reef2026' }) }),
		),
	)
	for (const answer of answers) {
		expect(answer.status).toBe(302)
		expect(answer.headers.location).toBe('/admin/login?requested=1')
		expect(answer.headers['set-cookie']).toBeUndefined()
	}
})

test('a long display name is a 400 with a message over HTTP', async () => {
	const answer = await send('POST', `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${e2eIdentityApiKey}`, {
		from: `127.0.6.${unique()}`,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email: uniqueEmail('long-name'), password: 'Coral#Reef2026', displayName: 'x'.repeat(101) }),
	})
	expect(answer.status).toBe(400)
	expect(JSON.parse(answer.body.toString()).error.message).toBe('INVALID_ARGUMENT : displayName must be at most 100 characters')
})

test('open redirects are refused after sign-in; the rates CSV downloads; /consent refuses cross-site posts', async () => {
	const client = `127.0.7.${unique()}`
	for (const redirectTo of ['/.//evil.example', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/.%2F/evil.example']) {
		const signedIn = await signInForm(client, demoStaff.email, demoStaff.password, redirectTo)
		expect(signedIn.status, redirectTo).toBe(302)
		expect(signedIn.headers.location, redirectTo).toBe('/admin')
	}
	const signedIn = await signInForm(client, demoStaff.email, demoStaff.password, '/admin/hotels')
	expect(signedIn.headers.location).toBe('/admin/hotels')
	const cookie = String(signedIn.headers['set-cookie']).match(/session=[^;]+/)![0]

	const csv = await send('GET', '/admin/hotels/rates.csv?island=havelock', { from: client, headers: { Cookie: cookie } })
	expect(csv.status).toBe(200)
	expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
	expect(csv.headers['content-disposition']).toBe('attachment; filename="hotel-rates-havelock.csv"')
	const text = csv.body.toString('utf8')
	expect(text.startsWith('\uFEFFhotel,island,room_type,meal_plan,season,')).toBe(true)
	for (const line of text.split('\r\n').slice(1).filter(Boolean)) expect(line).not.toMatch(/(^|,)[=+\-@\t]/)
	// The old link still works: it goes to the file.
	const old = await send('GET', '/admin/hotels?export=csv&island=havelock', { from: client, headers: { Cookie: cookie } })
	expect(old.status).toBe(302)
	expect(old.headers.location).toBe('/admin/hotels/rates.csv?island=havelock')
	expect((await send('GET', '/admin/hotels/rates.csv', { from: client })).status).toBe(302)

	const crossSite = await send('POST', '/consent', {
		from: client,
		...form({ choice: 'granted', redirectTo: '/' }),
		headers: { ...form({}).headers, Origin: 'https://evil.example' },
	})
	expect(crossSite.status).toBe(403)
	expect(crossSite.headers['set-cookie']).toBeUndefined()
	const ours = await send('POST', '/consent', {
		from: client,
		...form({ choice: 'granted', redirectTo: '/.//evil.example' }),
		headers: { ...form({}).headers, Origin: new URL(baseURL).origin },
	})
	expect(ours.status).toBe(302)
	expect(ours.headers.location).toBe('/')
	expect(String(ours.headers['set-cookie'])).toMatch(/analytics_consent=granted/)
})
