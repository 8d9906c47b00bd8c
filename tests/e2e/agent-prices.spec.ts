import path from 'node:path'
import { expect, test } from '@playwright/test'
import { agentTripHotelsSellFreely } from './agent-fixtures.ts'
import { seedAgencyUser, shootBothWidths } from './agent-helpers.ts'
import { demoStaff, expectNoAxeViolations, indiaDatePlus, signIn } from './helpers.ts'

/**
 * Net prices in the agent area (ADR 231): an agent of a margin-rule agency (our cost + 15%) opens instant prices
 * for a date and party, sees each package's net and, with a 12% markup, the client's price in whole rupees; opens
 * one in Price and book with the trip filled in; then builds a custom trip and books it at net on credit.
 */
const shots = path.resolve('test-results/shots/agent-net')
const agentEmail = `agent-net-${Date.now().toString(36)}@example.com`
const shoot = (page: Parameters<typeof shootBothWidths>[0], name: string) => shootBothWidths(page, `${shots}-${name}`)

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''))

test('an agent sees instant prices at net with the client’s price, opens one in Price and book, and builds a custom trip at net', async ({ page }) => {
	test.setTimeout(180_000)
	await page.goto('/admin/login')
	seedAgencyUser({ email: agentEmail, company: 'Reef Line Holidays', role: 'agent_user', rateRule: 'margin', marginBp: 1500, creditLimit: 50_000_000 })
	// Booked on credit at once: the trip's hotels sell freely (a hotel on request waits for staff, docs/decisions/233).
	agentTripHotelsSellFreely(path.resolve('data/e2e/app.db'))
	await signIn(page, agentEmail, demoStaff.password)
	await expect(page).toHaveURL(/\/agent$/)

	// Instant prices, from the agent area's nav.
	await page.getByRole('link', { name: 'Instant prices' }).first().click()
	await expect(page.getByRole('heading', { name: 'Instant prices' })).toBeVisible()
	const arrival = indiaDatePlus(60)
	await page.getByLabel('Arrival date').fill(arrival.iso)
	await page.getByLabel('Adults').fill('2')
	await page.getByLabel('Your markup').selectOption('percent')
	await page.getByLabel('Markup (% or ₹)').fill('12')
	await page.getByRole('button', { name: 'Show prices' }).click()
	await expect(page.getByRole('heading', { name: `Arriving ${arrival.label}` })).toBeVisible()
	const net = rupees(await page.getByTestId('list-net').first().innerText())
	const client = rupees(await page.getByTestId('list-client').first().innerText())
	expect(net).toBeGreaterThan(0)
	// The client pays whole rupees: the net plus 12%, the markup absorbing the rounding.
	expect(Number.isInteger(client)).toBe(true)
	expect(Math.abs(client - net * 1.12)).toBeLessThanOrEqual(0.5)
	await shoot(page, 'prices')
	await expectNoAxeViolations(page)

	// One row opens Price and book with the trip filled in, at the same net and client price.
	await page
		.getByRole('link', { name: /^Price and book ?:/ })
		.first()
		.click()
	await expect(page).toHaveURL(/\/agent\/book\?package=/)
	expect(rupees(await page.getByTestId('agent-net').innerText())).toBe(net)
	expect(rupees(await page.getByTestId('client-price').innerText())).toBe(client)
	await expect(page.getByLabel('Arrival date')).toHaveValue(arrival.iso)

	// A custom trip, built and priced at net, booked on credit.
	await page.getByRole('link', { name: 'Build a trip' }).first().click()
	await expect(page.getByRole('heading', { name: 'Build a custom trip' })).toBeVisible()
	await page.getByLabel('Arrival date').fill(arrival.iso)
	await page.getByLabel('Stop 1: island').selectOption('port-blair')
	await page.getByLabel('Stop 1: nights').fill('1')
	await page.getByLabel('Stop 2: island').selectOption('havelock')
	await page.getByLabel('Stop 2: nights').fill('2')
	await page.getByLabel('Stop 3: island').selectOption('port-blair')
	await page.getByLabel('Stop 3: nights').fill('1')
	await page.getByLabel('Stop 4: island').selectOption('')
	await page.getByLabel('Stop 5: island').selectOption('')
	await page.getByLabel('Markup (% or ₹)').fill('12')
	await expectNoAxeViolations(page)
	await shoot(page, 'build')
	await page.getByRole('button', { name: 'Price this trip at net' }).click()
	await expect(page).toHaveURL(/\/agent\/book\?start=/)
	await expect(page.getByRole('heading', { name: /^Custom trip: .+ 1N, .+ 2N, .+ 1N, arriving/ })).toBeVisible()
	const builtNet = rupees(await page.getByTestId('agent-net').innerText())
	const builtClient = rupees(await page.getByTestId('client-price').innerText())
	expect(builtNet).toBeGreaterThan(0)
	expect(Math.abs(builtClient - builtNet * 1.12)).toBeLessThanOrEqual(0.5)
	await shoot(page, 'book-custom')
	await expectNoAxeViolations(page)
	await page.getByLabel('Client’s name').fill('Kavya Iyer')
	await page.getByLabel('Client’s phone').fill('+919812345670')
	await page.getByRole('button', { name: /^Book on credit at/ }).click()
	await expect(page).toHaveURL(/\/agent\/bookings$/)
	const row = page.getByRole('row', { name: /Kavya Iyer/ })
	await expect(row).toContainText('Custom trip')
	await expect(row).toContainText('Confirmed')

	// Without JavaScript the forms are plain GETs: the builder's query prices at net in Price and book.
	const plain = await page
		.context()
		.browser()!
		.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
	const noScript = await plain.newPage()
	await noScript.goto('/agent/build')
	await noScript.getByLabel('Arrival date').fill(arrival.iso)
	await noScript.getByRole('button', { name: 'Price this trip at net' }).click()
	await expect(noScript.getByTestId('agent-net')).toBeVisible()
	await plain.close()
})
