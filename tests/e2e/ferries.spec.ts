import { expect, test } from '@playwright/test'
import { demoStaff, expectNoAxeViolations, signIn } from './helpers.ts'

function isoDateFromToday(days: number): string {
	const date = new Date(Date.now() + days * 86_400_000)
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date)
}

/** A tiny but real PDF, made here so the test needs no fixture file. */
function smallPdf(): Buffer {
	return Buffer.from(
		'%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
	)
}

test('ferry enquiry on /ferries → staff see the ferry lead → convert → booking with passengers and PNR → ticket upload shown on the booking', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000)
	const name = `Nisha Pillai ${Date.now().toString(36)}`
	// Unique too: a retry books the same sailing date, and the manifest lists every passenger on it.
	const companion = `Jonas Weber ${Date.now().toString(36)}`
	const date = isoDateFromToday(30)
	// Unique as well: a retry links a second sailing to the same demo trip, whose voucher then lists both.
	const pnr = `MKZ${Date.now().toString().slice(-7)}`

	// The home page's ferry block opens the full form pre-filled (a GET form: the home page is cached).
	const visitor = await browser.newContext()
	const form = await visitor.newPage()
	await form.goto('/')
	const block = form.getByRole('region', { name: /Need only ferry tickets/ })
	await block.getByLabel('Date').fill(date)
	await block.getByRole('button', { name: 'Check ferries' }).click()
	await expect(form).toHaveURL(/\/ferries\?from=port-blair&to=havelock&date=/)
	await expect(form.getByRole('heading', { level: 1, name: /Andaman ferries/ })).toBeVisible()
	const journey1 = form.getByRole('group', { name: 'Journey 1' })
	await expect(journey1.getByLabel('From', { exact: true })).toHaveValue('port-blair')
	await expect(journey1.getByLabel('To', { exact: true })).toHaveValue('havelock')
	await expect(journey1.getByLabel('Date')).toHaveValue(date)
	// The guide content is on the page.
	await expect(form.getByText(/Government ships \(DSS\): 2 hours before departure/).first()).toBeVisible()
	await expect(form.getByRole('heading', { name: 'Each operator’s rules' })).toBeVisible()
	await expect(form.getByRole('link', { name: 'Nautika (booking site)' })).toHaveAttribute('href', 'https://www.gonautika.com/')
	await expectNoAxeViolations(form)

	// A mistake is explained and what was typed is kept.
	await journey1.getByLabel('To', { exact: true }).selectOption('port-blair')
	await journey1.getByLabel('Operator').selectOption('makruzz')
	await form.getByLabel('Your name').fill(name)
	await form.getByLabel('Phone or WhatsApp').fill('98470 11223')
	await form.getByRole('button', { name: 'Send ferry enquiry' }).click()
	await expect(form.getByText('Leg 1: choose a different island to go to than the one you leave from.')).toBeVisible()
	await expect(form.getByLabel('Your name')).toHaveValue(name)
	await form.getByRole('group', { name: 'Journey 1' }).getByLabel('To', { exact: true }).selectOption('havelock')
	await form.getByRole('button', { name: 'Send ferry enquiry' }).click()
	await expect(form).toHaveURL(/\/thank-you\?ref=FL-\d{4}-\d{5}$/)
	const reference = new URL(form.url()).searchParams.get('ref')!
	await visitor.close()

	// Staff find the ferry lead, see the fares from the fare table, and convert it.
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.getByRole('link', { name: 'Ferry leads' }).first().click()
	await expect(page.getByRole('heading', { level: 1, name: 'Ferry leads' })).toBeVisible()
	await page.getByRole('searchbox').fill(reference)
	await page.getByRole('button', { name: 'Search' }).click()
	await page
		.getByRole('list', { name: 'Ferry leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await expect(page.getByRole('table', { name: 'Fares for journey 1' }).getByRole('cell', { name: 'Makruzz' }).first()).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('button', { name: 'Convert to ferry booking' }).click()
	await expect(page).toHaveURL(/\/admin\/ferry-bookings\/[A-Za-z0-9]{20}$/)
	await expect(page.getByTestId('toast').getByText('1 ferry booking created')).toBeVisible()

	// Passengers with ID, then the PNR.
	await page.getByLabel('Passenger 1 name').fill(name)
	await page.getByLabel('Passenger 1 age').fill('34')
	await page.getByLabel('Passenger 1 gender').selectOption('female')
	await page.getByLabel('Passenger 1 nationality').selectOption('indian')
	await page.getByLabel('Passenger 1 ID document').selectOption('aadhaar')
	await page.getByLabel('Passenger 1 ID number').fill('1234 5678 9012')
	await page.getByLabel('Passenger 2 name').fill(companion)
	await page.getByLabel('Passenger 2 age').fill('36')
	await page.getByLabel('Passenger 2 gender').selectOption('male')
	await page.getByLabel('Passenger 2 nationality').selectOption('foreign')
	await page.getByLabel('Passenger 2 ID document').selectOption('passport')
	await page.getByLabel('Passenger 2 ID number').fill('C01X00T47')
	await page.getByRole('button', { name: 'Save passengers' }).click()
	await expect(page.getByText('Passenger 2: enter the passport’s expiry date.')).toBeVisible()
	await page.getByLabel('Passenger 2 passport expiry').fill('2031-05-31')
	await page.getByRole('button', { name: 'Save passengers' }).click()
	await expect(page.getByRole('heading', { name: 'Passengers (2)' })).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('textbox', { name: 'PNR' }).fill(pnr.toLowerCase())
	await page.getByRole('button', { name: 'Save sailing and fare' }).click()
	await expect(page.getByText(`PNR ${pnr}`)).toBeVisible()

	// A file that is not a ticket is refused; a PDF is stored and shown.
	await page.getByLabel('Ticket file').setInputFiles({ name: 'ticket.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is not a pdf') })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText(/That file is not a PDF, JPEG, PNG or WebP image/)).toBeVisible()
	await expect(page.getByText('No file uploaded yet.')).toBeVisible()
	await page.getByLabel('Ticket file').setInputFiles({ name: 'makruzz-ticket.pdf', mimeType: 'application/pdf', buffer: smallPdf() })
	await page.getByRole('button', { name: 'Upload' }).click()
	const link = page.getByRole('link', { name: 'makruzz-ticket.pdf' })
	await expect(link).toBeVisible()
	// With JavaScript the upload goes through XMLHttpRequest and its progress bar ends at 100%.
	await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '100')
	await expect(page.getByText('100% done')).toBeVisible()
	const ticketHref = (await link.getAttribute('href'))!
	const file = await page.request.get(ticketHref)
	expect(file.status()).toBe(200)
	expect(file.headers()['content-type']).toBe('application/pdf')
	expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')

	await page.getByRole('button', { name: 'Mark confirmed' }).click()
	await expect(page.getByTestId('toast').getByText('Ferry booking is now confirmed')).toBeVisible()

	// Linked to a confirmed trip (the demo honeymoon booking, which has a voucher), the sailing and its PNR
	// appear on that trip's voucher once it is reissued.
	const ferryBookingPath = new URL(page.url()).pathname
	await page.goto('/admin/vouchers')
	await page.getByLabel('Booking reference or traveller').fill('Ananya Sharma')
	await page.getByRole('button', { name: 'Search' }).click()
	// The search's own page, not the whole list still showing while it loads (several vouchers there are valid).
	await expect(page).toHaveURL(/[?&]q=Ananya(\+|%20)Sharma/)
	const tripRow = page.getByTestId('voucher-row').filter({ hasText: 'Ananya Sharma' }).filter({ hasText: 'Valid' }).first()
	const tripReference = (await tripRow.locator('.font-mono').first().textContent())!.trim()
	expect(tripReference).toMatch(/^BK-\d{4}-\d{5}$/)
	await page.goto(ferryBookingPath)
	await page.getByLabel('Trip booking (optional)').fill(tripReference)
	await page.getByRole('button', { name: 'Save sailing and fare' }).click()
	await expect(page.getByLabel('Trip booking (optional)')).toHaveValue(tripReference)
	await page.goto(`/admin/vouchers?q=${tripReference}`)
	await page
		.getByTestId('voucher-row')
		.filter({ hasText: tripReference })
		.filter({ hasText: 'Valid' })
		.getByRole('button', { name: 'Reissue after a change' })
		.click()
	await expect(
		page
			.getByTestId('toast')
			.filter({ hasText: /reissued|Voucher/i })
			.first(),
	).toBeVisible()
	const current = page.getByTestId('voucher-row').filter({ hasText: tripReference }).filter({ hasText: 'Valid' })
	const voucherPath = (await current.getByRole('link', { name: 'Open voucher' }).getAttribute('href'))!
	await page.goto(voucherPath)
	await expect(page.getByText(pnr)).toBeVisible()
	await page.goto(ferryBookingPath)

	// The day's manifest lists both passengers on the sailing.
	await page.goto(`/admin/ferry-bookings/manifest?date=${date}`)
	await expect(page.getByRole('cell', { name: companion })).toBeVisible()
	await expectNoAxeViolations(page)

	// Signed out, the ticket file is not served.
	const anonymous = await browser.newContext()
	const response = await anonymous.request.get(ticketHref, { maxRedirects: 0 })
	expect([302, 303]).toContain(response.status())
	await anonymous.close()
})

test('staff record an offline ticket and a partner agent, and download the agent’s commission CSV', async ({ page }) => {
	test.setTimeout(90_000)
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/offline-tickets')
	await expect(page.getByRole('heading', { level: 1, name: 'Offline tickets' })).toBeVisible()
	const ticket = page.getByRole('region', { name: 'Record a ticket' })
	await ticket.getByLabel('Kind').selectOption('entry')
	await ticket.getByLabel('Bought from').selectOption('government_counter')
	await ticket.getByLabel('Operator or venue').fill('Cellular Jail')
	await ticket.getByLabel('Route or place').fill('Light and sound show (Hindi)')
	await ticket.getByLabel('Date', { exact: true }).fill(isoDateFromToday(10))
	await ticket.getByLabel('Cost paid (₹)').fill('300')
	await ticket.getByLabel('Sell price (₹)').fill('=400')
	await ticket.getByLabel('Payment mode').selectOption('cash')
	await ticket.getByRole('button', { name: 'Record ticket' }).click()
	await expect(ticket.getByText('Enter the sell price in rupees, like 1200 or 1,200.50.')).toBeVisible()
	await ticket.getByLabel('Sell price (₹)').fill('400')
	await ticket.getByRole('button', { name: 'Record ticket' }).click()
	await expect(page).toHaveURL(/\/admin\/offline-tickets\/[A-Za-z0-9]{20}$/)
	await expect(page.getByRole('heading', { level: 1, name: /Entry ticket: Cellular Jail/ })).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('button', { name: 'Mark purchased' }).click()
	await expect(page.getByText('Enter the PNR or the transaction number before marking the ticket purchased.')).toBeVisible()

	await page.goto('/admin/agents')
	const company = `Sea Breeze Travels ${Date.now().toString(36)}`
	const agent = page.getByRole('region', { name: 'Add an agency' })
	await agent.getByLabel('Company').fill(company)
	await agent.getByLabel('Contact person').fill('Meena Iyer')
	await agent.getByLabel('Phone').fill('9840012345')
	await agent.getByLabel('PAN (optional)').fill('ABCDE123')
	await agent.getByRole('button', { name: 'Add agency' }).click()
	await expect(agent.getByText(/Enter the PAN as 5 letters, 4 digits and a letter/)).toBeVisible()
	await agent.getByLabel('PAN (optional)').fill('abcde1234f')
	await agent.getByRole('button', { name: 'Add agency' }).click()
	await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('button', { name: 'Mark approved' }).click()
	await expect(page.getByTestId('toast').getByText('Agent is now approved')).toBeVisible()
	const csv = await page.request.get((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!)
	expect(csv.status()).toBe(200)
	expect(csv.headers()['content-type']).toContain('text/csv')
	expect(await csv.text()).toContain('Booking,Created,Traveller,Trip,Start date,Status,Total (INR),Commission (INR)')
})

test('without JavaScript, a ticket upload still works and an empty file gets a clear error', async ({ browser }) => {
	test.setTimeout(90_000)
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/ferry-bookings?q=Priya')
	await page.getByRole('link', { name: /^FB-/ }).first().click()
	await page.getByLabel('Ticket file').setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText('The file is empty. Choose the ticket file again (a PDF or a photo).')).toBeVisible()
	await page
		.getByLabel('Ticket file')
		.setInputFiles({ name: 'govt-ferry.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByRole('link', { name: 'govt-ferry.png' })).toBeVisible()
	await context.close()
})
