import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

test('the home page is styled, has its heading and no console errors', async ({ page }) => {
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	const response = await page.goto('/')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Andaman holidays')
	await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
	// Tailwind applied: the hero heading is white on the dark hero.
	const color = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).color)
	expect(color).toBe('rgb(255, 255, 255)')
	await expect(page.getByRole('contentinfo')).toContainText('Cancellation policy')
	expect(errors).toEqual([])
})

test('an unknown path answers 404 with the page-not-found message', async ({ page }) => {
	const response = await page.goto('/no-such-page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
	await expect(page.getByTestId('error-description')).toHaveText('Page not found: /no-such-page')
	await expect(page).toHaveTitle(/Page Not Found/)
})

test('a thrown error renders the 500 page without leaking details', async ({ page }) => {
	const response = await page.goto('/__test/throw')
	expect(response?.status()).toBe(500)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error')
	await expect(page.locator('body')).not.toContainText('database exploded')
	await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible()
})

test('bots get a plain error for a server error', async ({ request }) => {
	const response = await request.get('/__test/throw', { headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
	expect(response.status()).toBe(500)
	expect(response.headers()['content-type']).toContain('text/plain')
	expect(await response.text()).toBe('Internal Server Error')
})

test('a flash toast arrives after a redirect and closes itself after 5 seconds', async ({ page }) => {
	await page.goto('/__test/ui')
	await page.getByRole('button', { name: 'Save and redirect' }).click()
	const toast = page.getByTestId('toast').filter({ hasText: 'Saved' })
	await expect(toast).toBeVisible()
	await expect(toast).toContainText('The flash toast arrived after a redirect.')
	// Bottom-right: the viewport hugs the right and bottom edges.
	const box = await page
		.getByRole('region', { name: /Notifications/ })
		.getByRole('list')
		.boundingBox()
	const viewport = page.viewportSize()!
	expect(box!.x + box!.width).toBeCloseTo(viewport.width, -1)
	expect(box!.y + box!.height).toBeCloseTo(viewport.height, -1)
	// 5000 ms duration, then removed 200 ms after closing.
	await page.waitForTimeout(4000)
	await expect(toast).toBeVisible()
	await expect(toast).toHaveCount(0, { timeout: 3000 })
})

test('at most five toasts are kept and F8 focuses them', async ({ page }) => {
	await page.goto('/__test/ui')
	await page.getByRole('button', { name: 'Show seven toasts' }).click()
	await expect(page.getByTestId('toast')).toHaveCount(5)
	await expect(page.getByTestId('toast').first()).toContainText('Toast 3')
	await page.keyboard.press('F8')
	const focusedInRegion = await page.evaluate(() => !!document.activeElement?.closest('[aria-label^="Notifications"]'))
	expect(focusedInRegion).toBe(true)
})

test('tooltips open after 700 ms on hover and after 300 ms skip delay when moving between triggers', async ({ page }) => {
	await page.goto('/__test/ui')
	await waitForHydration(page)
	const trigger = page.getByRole('button', { name: 'Hover for a tooltip' })
	await trigger.hover()
	await page.waitForTimeout(450)
	await expect(page.getByRole('tooltip')).toHaveCount(0)
	await expect(page.getByRole('tooltip')).toHaveText('Tooltip text', { timeout: 1500 })
	// Moving straight to another trigger within the skip delay opens it without waiting 700 ms.
	const second = (await page.getByRole('button', { name: 'Second trigger' }).boundingBox())!
	const started = Date.now()
	await page.mouse.move(second.x + second.width / 2, second.y + second.height / 2, { steps: 5 })
	await expect(page.getByRole('tooltip').filter({ hasText: 'Second tooltip' })).toHaveCount(1, { timeout: 600 })
	expect(Date.now() - started).toBeLessThan(600)
	// After leaving for longer than 300 ms, the next one waits the full delay again.
	await page.mouse.move(second.x + second.width / 2, second.y + 300, { steps: 5 })
	await expect(page.getByRole('tooltip')).toHaveCount(0)
	await page.waitForTimeout(500)
	await trigger.hover()
	await page.waitForTimeout(400)
	await expect(page.getByRole('tooltip')).toHaveCount(0)
	await expect(page.getByRole('tooltip')).toHaveText('Tooltip text', { timeout: 1500 })
})

test('the image route resizes to webp and serves the cached copy', async ({ request }) => {
	const first = await request.get('/img?url=/favicon.svg&w=320&q=80')
	expect(first.status()).toBe(400)
	const bad = await request.get('/img?url=/images/../500.html&w=320')
	expect(bad.status()).toBe(400)
	const width = await request.get('/img?url=/images/port-blair.jpg&w=333')
	expect(width.status()).toBe(400)
	expect(await width.text()).toContain('w must be one of')
	const missing = await request.get('/img?url=/images/no-such-image.jpg&w=320')
	expect(missing.status()).toBe(404)
	const ok = await request.get('/img?url=/images/port-blair.jpg&w=640&q=70')
	expect(ok.status()).toBe(200)
	expect(ok.headers()['content-type']).toBe('image/webp')
	expect(ok.headers()['cache-control']).toContain('immutable')
	const body = await ok.body()
	expect(body.subarray(0, 4).toString()).toBe('RIFF')
	expect(body.subarray(8, 12).toString()).toBe('WEBP')
	const again = await request.get('/img?url=/images/port-blair.jpg&w=640&q=70')
	expect((await again.body()).equals(body)).toBe(true)
})

test('security headers are set on pages', async ({ request }) => {
	// A static page trusts its one script by hash (ADR 123); a hydrated page by a nonce per response.
	expect((await request.get('/')).headers()['content-security-policy']).toMatch(/script-src 'sha384-[^']+' 'strict-dynamic'/)
	expect((await request.get('/packages')).headers()['content-security-policy']).toMatch(/script-src 'sha384-[^']+' 'strict-dynamic'/)
	const response = await request.get('/admin/login')
	const headers = response.headers()
	expect(headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/)
	expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
	expect(headers['strict-transport-security']).toContain('max-age=')
})
