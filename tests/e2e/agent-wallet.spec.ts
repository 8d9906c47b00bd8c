import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { startRazorpayStandIn } from '../support/razorpay-stand-in.ts'
import { seedAgencyAdmin } from './agent-fixtures.ts'
import { razorpayEnv, startExtraServer } from './extra-server.ts'
import { demoStaff, expectNoAxeViolations, signIn } from './helpers.ts'

/**
 * An agency's admin tops up the wallet online (issue 37; ADR 233): the amount, the Razorpay stand-in's checkout, the
 * signed callback and the webhook both arriving, and the available credit goes up once. An app server of its own, with
 * Razorpay keys pointing at the stand-in; the agency and its admin are written into that server's database.
 */
const appPort = Number(process.env.E2E_AGENT_WALLET_PORT ?? 3332)
const standInPort = Number(process.env.E2E_AGENT_WALLET_RAZORPAY_PORT ?? 3333)
const keys = { keyId: 'rzp_test_E2eWallet01', keySecret: 'e2e-wallet-key-secret', webhookSecret: 'e2e-wallet-webhook-secret' }
const shots = path.resolve('test-results/shots/agent-holds')

let app: Awaited<ReturnType<typeof startExtraServer>>
let standIn: ReturnType<typeof startRazorpayStandIn>

test.beforeAll(async () => {
	test.setTimeout(90_000)
	standIn = startRazorpayStandIn({ port: standInPort, ...keys, webhookUrl: `http://localhost:${appPort}/payments/razorpay/webhook` })
	await standIn.listening
	app = await startExtraServer('agent-wallet', appPort, razorpayEnv(keys, standIn.url))
})
test.afterAll(async () => {
	await app?.stop()
	await standIn?.stop()
})

async function shoot(page: Page, name: string) {
	for (const [width, height] of [
		[390, 844],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await page.screenshot({ path: `${shots}-${name}-${width}.png`, fullPage: true })
	}
}

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''))

test('an agency admin tops up ₹25,000 through the gateway: the callback and the webhook credit the wallet once', async ({ browser }) => {
	test.setTimeout(120_000)
	const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.goto('/admin/login')
	const email = `wallet-${Date.now().toString(36)}@example.com`
	seedAgencyAdmin(path.resolve('data/e2e-agent-wallet/app.db'), { company: 'Sea Breeze Travels', email, passwordOf: demoStaff.email, creditLimit: 10_000_000 })
	await signIn(page, email, demoStaff.password)
	await expect(page).toHaveURL(/\/agent$/)

	await page.getByRole('link', { name: 'Wallet' }).first().click()
	await expect(page.getByRole('heading', { name: 'Wallet and top-ups' })).toBeVisible()
	const before = rupees(await page.getByTestId('available-credit').innerText())
	expect(before).toBe(100_000)
	await shoot(page, 'wallet')
	await expectNoAxeViolations(page)

	// Outside the bounds: a clear message, nothing ordered.
	await page.getByLabel('Amount in rupees').fill('10')
	await page.getByRole('button', { name: 'Pay online' }).click()
	await expect(page.getByText('Top up at least ₹1,000 online.')).toBeVisible()

	await page.getByLabel('Amount in rupees').fill('25,000')
	await page.getByRole('button', { name: 'Pay online' }).click()
	// The stand-in checkout "pays" and posts the signed fields back; its webhook arrives too.
	await expect(page.getByRole('heading', { name: 'Stand-in Razorpay checkout' })).toBeVisible()
	await page.getByRole('button', { name: /^Pay \d+ INR$/ }).click()
	await page.waitForURL(/\/agent\/wallet$/)
	await expect(page.getByTestId('toast').filter({ hasText: 'Wallet topped up' })).toBeVisible()
	await expect.poll(() => standIn.state.webhooksSent.length).toBeGreaterThanOrEqual(1)
	await page.reload()
	expect(rupees(await page.getByTestId('available-credit').innerText())).toBe(before + 25_000)
	expect(rupees(await page.getByTestId('wallet-balance').innerText())).toBe(25_000)
	await expect(page.getByText(/₹25,000 · Credited/)).toHaveCount(1)
	await shoot(page, 'wallet-paid')

	// The statement shows it once, as a top-up.
	await page.goto('/agent/statement')
	await expect(page.getByRole('row', { name: /Top-up/ })).toHaveCount(1)
	await context.close()
})
