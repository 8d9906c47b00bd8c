import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startExtraServer } from './extra-server.ts'
import { arrivalIn, bookFamilyHolidayOnline, confirmEveryComponent, demoStaff, signIn } from './helpers.ts'

/**
 * The built app behind Debian's nginx, configured by deploy/nginx.conf itself
 * (only ports, paths and the domain swapped), with a certificate openssl makes
 * now: over https:// staff sign in, a traveller books a package, staff confirm
 * it and issue the voucher, the traveller opens it. Every form post passes
 * React Router's origin check because the app sees https://, not the http://
 * nginx speaks to it.
 */
const tlsPort = Number(process.env.E2E_TLS_PORT ?? 3240)
const httpPort = Number(process.env.E2E_TLS_HTTP_PORT ?? 3241)
const appPort = Number(process.env.E2E_TLS_APP_PORT ?? 3242)
const site = `https://localhost:${tlsPort}`
const nginxBinary = process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file))

const dir = path.resolve('data/e2e-tls-proxy')
/** deploy/nginx.conf's page cache, made in beforeAll. */
let pageCacheDir = ''
let nginx: ChildProcess | undefined
let app: Awaited<ReturnType<typeof startExtraServer>> | undefined

/** deploy/nginx.conf with this test's ports, certificate and domain, inside a main config a non-root process can run. */
function nginxConfig(): string {
	const site = fs
		.readFileSync('deploy/nginx.conf', 'utf8')
		.replaceAll('andamanisles.travel', 'localhost')
		.replace(/^\s*listen \[::\]:.*$/gm, '')
		.replace(/listen 443 /g, `listen 127.0.0.1:${tlsPort} `)
		.replace(/listen 80(;| )/g, `listen 127.0.0.1:${httpPort}$1`)
		.replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
		.replace(/ssl_certificate \S+;/, `ssl_certificate ${dir}/cert.pem;`)
		.replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${dir}/key.pem;`)
		.replace('root /var/www/letsencrypt;', `root ${dir}/acme;`)
		.replaceAll('/var/cache/nginx/andaman', pageCacheDir)
	fs.writeFileSync(path.join(dir, 'site.conf'), site)
	return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
	access_log ${dir}/access.log;
	include ${dir}/site.conf;
}
`
}

function httpsStatus(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		https
			.get(url, { rejectUnauthorized: false }, (res) => {
				res.resume()
				resolve(res.statusCode ?? 0)
			})
			.on('error', reject)
	})
}

test.beforeAll(async () => {
	test.setTimeout(120_000)
	if (!nginxBinary) throw new Error('nginx is not installed: apt-get install -y nginx')
	fs.rmSync(dir, { recursive: true, force: true })
	fs.mkdirSync(path.join(dir, 'logs'), { recursive: true })
	// nginx's workers (nobody, when the test runs as root) write the page cache: in the temporary
	// folder, which they can reach wherever the checkout is.
	pageCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-tls-page-cache-'))
	fs.chmodSync(pageCacheDir, 0o777)
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-days',
			'1',
			'-subj',
			'/CN=localhost',
			'-addext',
			'subjectAltName=DNS:localhost,IP:127.0.0.1',
			'-keyout',
			path.join(dir, 'key.pem'),
			'-out',
			path.join(dir, 'cert.pem'),
		],
		{ stdio: 'ignore' },
	)
	app = await startExtraServer('tls-app', appPort, {
		HOST: '127.0.0.1',
		TRUST_PROXY: 'true',
		SITE_URL: site,
		STORAGE_DIR: path.join(dir, 'storage'),
	})
	fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig())
	execFileSync(nginxBinary, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' })
	nginx = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] })
	for (let i = 0; i < 100; i++) {
		try {
			if ((await httpsStatus(`${site}/healthz`)) === 200) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`nginx did not answer on ${site}: ${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`)
})

test.afterAll(async () => {
	if (nginx) {
		const exited = new Promise((resolve) => nginx!.once('exit', resolve))
		nginx.kill('SIGTERM')
		await exited
	}
	await app?.stop()
	if (pageCacheDir) fs.rmSync(pageCacheDir, { recursive: true, force: true })
})

test('over https through nginx: sign in, book a package, confirm, issue and open the voucher', async ({ browser }) => {
	// Every component is requested and confirmed before the voucher: a long journey.
	test.setTimeout(240_000)
	const traveller = await browser.newContext({ baseURL: site, ignoreHTTPSErrors: true })
	const page = await traveller.newPage()
	const reference = await bookFamilyHolidayOnline(page, {
		...arrivalIn(133),
		travellers: [
			{ name: 'Meera Iyer', age: '41', gender: 'female', aadhaar: '5555 1111 2222' },
			{ name: 'Arjun Iyer', age: '43', gender: 'male', aadhaar: '5555 1111 3333' },
		],
		contact: { name: 'Meera Iyer', phone: '98470 66554' },
	})
	expect(page.url()).toMatch(/^https:\/\/localhost:\d+\//)

	// Staff sign in over https (a form post: the origin check sees https on both sides).
	const staffContext = await browser.newContext({ baseURL: site, ignoreHTTPSErrors: true })
	const staff = await staffContext.newPage()
	await staff.goto('/admin/login?redirectTo=%2Fadmin%2Fpending')
	await signIn(staff, demoStaff.email, demoStaff.password)
	const session = (await staffContext.cookies()).find((cookie) => cookie.httpOnly)
	expect(session?.secure).toBe(true)
	await staff.getByRole('link', { name: reference }).click()
	await staff.waitForURL(/\/admin\/pending\/[A-Za-z0-9]{20}$/)

	const advance = (await staff.getByText('Advance needed').locator('xpath=following-sibling::p').textContent())!.replace(/[₹,]/g, '')
	const form = staff.getByRole('form', { name: 'Record a payment' })
	await form.getByLabel('Amount received (₹)').fill(advance)
	await form.getByLabel('Method').selectOption('upi')
	await form.getByLabel('Reference').fill(`UPI-TLS-${Date.now()}`)
	await form.getByLabel(/verified/).check()
	await form.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await staff.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Booking confirmed' })).toBeVisible()
	await confirmEveryComponent(staff, 'TLS')
	await staff.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()
	// Issued from the booking page, staff stay on it and it lists the voucher.
	const voucherPath = (await staff.getByRole('region', { name: 'Vouchers' }).getByRole('link', { name: 'Version 1' }).getAttribute('href'))!
	expect(voucherPath).toMatch(/^\/voucher\/[A-Za-z0-9]{20}$/)

	// The traveller opens the voucher over https.
	const response = await page.goto(voucherPath)
	expect(response?.status()).toBe(200)
	expect(response?.url()).toBe(`${site}${voucherPath}`)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Andaman Family Holiday')
	await expect(page.getByText(reference).first()).toBeVisible()
	await expect(page.getByRole('img', { name: /QR code of this voucher/ }).locator('svg')).toBeVisible()
	expect(await page.content()).not.toContain('http://localhost:3000')
	await traveller.close()
	await staffContext.close()
})

test('the origin check still holds: cross-site posts are refused, through nginx and directly', async ({ playwright }) => {
	const request = await playwright.request.newContext({ ignoreHTTPSErrors: true })
	const login = { email: demoStaff.email, password: 'wrong password' }
	const sameSite = await request.post(`${site}/admin/login`, { form: login, headers: { Origin: site }, maxRedirects: 0 })
	expect(sameSite.status()).not.toBe(400)
	// nginx's request id reaches the app and comes back: one id in both logs.
	expect(sameSite.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
	const crossSite = await request.post(`${site}/admin/login`, { form: login, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 })
	expect(crossSite.status()).toBe(400)
	// Straight to the app, forged forwarded headers do not make a foreign origin acceptable.
	const forged = await request.post(`http://127.0.0.1:${appPort}/admin/login`, {
		form: login,
		headers: { Origin: 'https://evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' },
		maxRedirects: 0,
	})
	expect(forged.status()).toBe(400)
	await request.dispose()
})

test('anonymous pages the app caches are answered by nginx; a visitor with a session or a form never is', async ({ playwright }) => {
	const request = await playwright.request.newContext({ ignoreHTTPSErrors: true })
	const status = async (pathname: string, headers: Record<string, string> = {}) => {
		const response = await request.get(`${site}${pathname}`, { headers, maxRedirects: 0 })
		expect(response.status(), pathname).toBe(200)
		return { cache: response.headers()['x-proxy-cache'], id: response.headers()['x-request-id'], body: await response.text() }
	}
	// A guide page: the first request fills the cache, the next ones within the second are nginx's copy.
	await status('/andaman-weather-best-time-to-visit')
	const hit = await status('/andaman-weather-best-time-to-visit')
	const again = await status('/andaman-weather-best-time-to-visit')
	// Served from nginx's copy (HIT; UPDATING or STALE if the second passed while another request refreshes it).
	const fromCache = /^(HIT|UPDATING|STALE)$/
	expect(hit.cache).toMatch(fromCache)
	expect(again.body).toBe(hit.body)
	// Each response has its own request id, not the one of the request that filled the cache.
	expect(again.id).toMatch(/^[0-9a-f]{32}$/)
	expect(again.id).not.toBe(hit.id)
	// The analytics choice is part of the key; any other cookie (a session, a toast) skips the cache.
	const denied = { Cookie: 'analytics_consent=denied' }
	await status('/andaman-weather-best-time-to-visit', denied)
	expect((await status('/andaman-weather-best-time-to-visit', denied)).cache).toMatch(fromCache)
	expect((await status('/andaman-weather-best-time-to-visit', { Cookie: 'session=abc' })).cache).toBe('BYPASS')
	expect((await status('/andaman-weather-best-time-to-visit', { Cookie: 'analytics_consent=denied; toast=x' })).cache).toBe('BYPASS')
	// A page the app renders per visitor (a form with its own token) is never stored.
	await status('/contact')
	expect((await status('/contact')).cache).toBe('MISS')
	await request.dispose()
})
