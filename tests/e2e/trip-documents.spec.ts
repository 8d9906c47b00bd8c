import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { expect as baseExpect, test } from '@playwright/test'
import { demoStaff, recordAdvanceAndConfirm, signIn } from './helpers.ts'

/** A long chain of server round trips on a shared machine: each step may take a while. */
const expect = baseExpect.configure({ timeout: 30_000 })

/** A date this many days from today, as the builder's URL takes it. */
function daysAhead(days: number): string {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** "28 Dec 2027", as the documents write a travel date. */
function travelDate(iso: string): string {
	return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
}

/**
 * The documents a traveller carries (issue #28), from a staff-made quote to the voucher and its PDF:
 * a two-night Havelock stay is one line with its real nights (night 2 names the hotel night 1's
 * "cheapest deluxe" picks); a scuba dive staff tick on a free day is in that day's text and dated on
 * the voucher; the voucher has the hotel's address, phone and times, the ferry's departure, reporting
 * time and jetty, the PNR and our 24-hour number, on the page and in the PDF; money is written one way.
 */
test('quote → booking → voucher and PDF: one line per stay, the dive on its day, desk and jetty details, one way of writing money', async ({ browser }) => {
	test.setTimeout(540_000)
	const tag = Date.now().toString(36)
	const name = `Nila Rao ${tag}`
	const start = daysAhead(55)
	// Night 1 in Port Blair, nights 2 and 3 in Havelock (day 3 is the free day), check-out the morning after.
	const [night2, night3, checkOut] = [1, 2, 3].map((n) => new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)) as [
		string,
		string,
		string,
	]
	const visitor = await browser.newContext()
	const traveller = await visitor.newPage()

	// The traveller asks for Port Blair 1 · Havelock 2 · Port Blair 1: a lead.
	const trip = new URLSearchParams({
		start,
		island1: 'port-blair',
		nights1: '1',
		island2: 'havelock',
		nights2: '2',
		island3: 'port-blair',
		nights3: '1',
		tier: 'deluxe',
		meal: 'CP',
		adults: '2',
		rooms: '1',
		transfers: 'airport-and-jetty',
	})
	await traveller.goto(`/builder?${trip.toString()}`)
	await traveller.getByLabel('Your name').fill(name)
	await traveller.getByLabel('Phone or WhatsApp').fill('98111 77889')
	await traveller.getByRole('button', { name: 'Request this quote' }).click()
	await expect(traveller).toHaveURL(/\/thank-you\?ref=LD-/)

	// Staff start the itinerary; on day 3 they name the hotel and tick a scuba dive on a free day.
	const desk = await browser.newContext()
	const staff = await desk.newPage()
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.goto(`/admin/leads?q=${encodeURIComponent(name)}`)
	await staff
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible()
	const leadUrl = staff.url()
	await staff.getByRole('link', { name: 'Create itinerary' }).click()
	await staff.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(staff.getByRole('heading', { name: 'Days (5)' })).toBeVisible()
	const day3 = staff.getByRole('group', { name: /^Day 3\b/ })
	await day3.getByLabel('Day 3 title').fill('Free day')
	await day3.getByLabel('Description', { exact: true }).fill('A day at leisure.')
	await day3.getByLabel('Activities', { exact: true }).fill('')
	await day3.getByRole('checkbox', { name: /scuba/i }).check()
	await day3.getByLabel('Hotel', { exact: true }).selectOption({ label: 'Radhanagar Palm Resort (deluxe)' })
	await staff.getByRole('button', { name: 'Save and price' }).first().click()
	await expect(staff.getByRole('group', { name: /^Day 3\b/ }).getByRole('checkbox', { name: /scuba/i })).toBeChecked()
	await expect(staff.getByRole('group', { name: /^Day 3\b/ }).getByLabel('Hotel', { exact: true })).toHaveValue(/^(?!tier:)/)
	await staff.getByRole('button', { name: 'Send quote' }).click()
	// Send quote shows what the traveller will receive; Confirm and send sends it.
	await staff.getByRole('button', { name: 'Confirm and send' }).click()
	const sent = staff.getByRole('status').filter({ hasText: 'Quote version 1 sent' })
	await expect(sent).toBeVisible()
	const quotePath = /\/quote\/[A-Za-z0-9]{20}/.exec((await sent.textContent()) ?? '')![0]

	// The quote: one Havelock hotel line for both nights; the free day says it includes the dive.
	await traveller.goto(quotePath)
	const havelockHotel = traveller.getByRole('row', { name: /Radhanagar Palm Resort/ })
	await expect(havelockHotel).toHaveCount(1)
	await expect(havelockHotel).toContainText('1 room × 2 nights')
	await expect(traveller.getByText(/Scuba diving.*included/i).first()).toBeVisible()
	const quoteTotal = (await traveller.getByRole('row', { name: /Total/ }).last().getByRole('cell').last().textContent())!.trim()
	expect(quoteTotal).toMatch(/^₹[\d,]+(\.\d\d)?$/)
	expect(quoteTotal).not.toMatch(/\.00$/)

	// Accept and book.
	await traveller.getByRole('button', { name: 'Accept and book' }).click()
	await expect(traveller).toHaveURL(/\/book-now\?quote=/)
	for (const [n, fullName, id] of [
		[1, name, '7777 1111 2222'],
		[2, 'Arun Rao', '7777 1111 3333'],
	] as const) {
		const group = traveller.getByRole('group', { name: `Traveller ${n}` })
		await group.getByLabel('Full name').fill(fullName)
		await group.getByLabel('Age').fill(n === 1 ? '34' : '36')
		await group.getByLabel('Gender').selectOption(n === 1 ? 'female' : 'male')
		await group.getByLabel('ID', { exact: true }).selectOption('aadhaar')
		await group.getByLabel('ID number').fill(id)
	}
	await traveller.getByLabel('Contact name').fill(name)
	await traveller.getByLabel('Mobile or WhatsApp').fill('98111 77889')
	await traveller.getByLabel(/I accept the booking terms/).check()
	await traveller.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(traveller.getByRole('heading', { level: 1 })).toHaveText('Thank you, your booking is in')
	await expect(traveller.getByText(`Total ${quoteTotal} including GST`)).toBeVisible()
	const reference = (await traveller.locator('strong.font-mono').textContent())!.trim()

	// The trip page's UPI button writes the amount the one way: "Pay ₹15,939", never "₹15939.00".
	await traveller.getByRole('link', { name: 'Pay and follow your trip' }).click()
	const upi = traveller.getByTestId('upi-pay-link')
	await expect(upi).toHaveText(/^Pay ₹[\d,]+(\.\d\d)? with a UPI app$/)
	await expect(upi).not.toHaveText(/₹\d{4,}|\.00 with/)

	// Staff confirm the booking; the components: the Havelock hotel once, for its two nights; the dive on day 3.
	await staff.goto(leadUrl)
	await staff.getByRole('region', { name: 'Bookings' }).getByRole('link', { name: reference }).click()
	await expect(staff).toHaveURL(/\/admin\/pending\/[A-Za-z0-9]{20}$/)
	await recordAdvanceAndConfirm(staff, 'upi', `UPI-DOCS-${tag}`)
	const components = staff.getByTestId('component')
	await expect(components.filter({ hasText: 'Radhanagar Palm Resort' })).toHaveCount(1)
	await expect(components.filter({ hasText: 'Radhanagar Palm Resort' })).toContainText('1 room × 2 nights')

	// Each component requested, then confirmed with its number; the ferry to Havelock gets its departure time.
	const count = await components.count()
	for (let i = 0; i < count; i++) {
		for (const status of ['requested', 'confirmed'] as const) {
			const item = components.nth(i)
			if (!(await item.getByLabel('Supplier status').isVisible())) await item.locator('summary').click()
			const text = (await item.textContent()) ?? ''
			if (status === 'confirmed' && /Ferry Port Blair → Havelock/.test(text)) {
				await item.getByLabel('Time').fill('07:00')
				await item.getByLabel('Supplier (hotel, operator, vendor)').fill('Makruzz')
			}
			await item.getByLabel('Supplier status').selectOption(status)
			const number = `DOC-${tag}-${i + 1}`.toUpperCase()
			if (status === 'confirmed') await item.getByLabel('Confirmation number or PNR').fill(number)
			await item.getByRole('button', { name: 'Save' }).click()
			await expect(components.nth(i)).toContainText(status === 'confirmed' ? `Conf. ${number}` : 'Requested from supplier')
		}
	}
	await staff.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()
	const voucherPath = (await staff.getByRole('region', { name: 'Vouchers' }).getByRole('link', { name: 'Version 1' }).getAttribute('href'))!

	// The voucher page: the hotel once with its nights, address, phone and times; the ferry's times and jetty; the dive on its day.
	await traveller.setViewportSize({ width: 390, height: 844 })
	await traveller.goto(voucherPath)
	const hotels = traveller.getByRole('region', { name: 'Hotels' })
	await expect(hotels.getByRole('listitem').filter({ hasText: 'Radhanagar Palm Resort' })).toHaveCount(1)
	const radhanagar = hotels.getByRole('listitem').filter({ hasText: 'Radhanagar Palm Resort' })
	await expect(radhanagar).toContainText(`Check-in ${travelDate(night2)} from 12:00 · check-out ${travelDate(checkOut)} by 10:00 · 2 nights`)
	await expect(radhanagar).toContainText('Radhanagar Road, Swaraj Dweep 744211')
	await expect(radhanagar).toContainText(/Phone \+91 \d{5} \d{5}/)
	await expect(radhanagar).toContainText('Meal plan: Breakfast (CP)')
	await expect(hotels).not.toContainText('×')
	const ferries = traveller.getByRole('region', { name: 'Ferries' })
	await expect(ferries).toContainText('departs 07:00 · Operator: Makruzz')
	await expect(ferries).toContainText('Report by 06:00 at Haddo Wharf, Port Blair, with photo ID')
	const dive = traveller.getByRole('region', { name: 'Activities and pickups' }).getByRole('listitem').filter({ hasText: /scuba/i })
	await expect(dive).toContainText(travelDate(night3))
	await expect(dive).not.toContainText('Date to be confirmed')
	await expect(traveller.getByTestId('round-the-clock')).toContainText('24-hour help while you travel: call')
	await expect(traveller.getByRole('region', { name: 'Payment' })).toContainText(`Total ${quoteTotal}`)
	mkdirSync('test-results', { recursive: true })
	await traveller.screenshot({ path: 'test-results/trip-documents-voucher-390.png', fullPage: true })
	await traveller.setViewportSize({ width: 1280, height: 900 })
	await traveller.screenshot({ path: 'test-results/trip-documents-voucher-1280.png', fullPage: true })

	// The PDF says the same.
	const pdf = await traveller.request.get(`${voucherPath}/pdf`)
	const bytes = await pdf.body()
	writeFileSync('test-results/trip-documents-voucher.pdf', bytes)
	const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes })
		.toString('utf8')
		.replace(/[ \t]+/g, ' ')
	expect(text).toMatch(/Phone \+91 \d{5} \d{5}/)
	expect(text).toContain('Radhanagar Road, Swaraj Dweep 744211')
	expect(text).toContain('from 12:00')
	expect(text).toContain('departs 07:00 · Operator: Makruzz')
	expect(text).toContain('Report by 06:00 at Haddo Wharf, Port Blair, with photo ID')
	expect(text).toContain('24-hour help while you travel: call')
	expect(text).toContain(`Total ${quoteTotal}`)
	// The Havelock stay is one hotel entry (its heading line), not two one-night ones.
	expect(text.match(/^Radhanagar Palm Resort, Havelock \(Swaraj Dweep\) *$/gm)).toHaveLength(1)
	expect(text).not.toContain('Date to be confirmed')
	await visitor.close()
	await desk.close()
})
