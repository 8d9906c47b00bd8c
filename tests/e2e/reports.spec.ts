import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { arrivalIn, bookFamilyHolidayOnline, demoOwner, demoStaff, signIn } from './helpers.ts'

/** Reports (/admin/reports) and the dashboard's charts, as an owner and as staff (docs/decisions/118-reports-and-charts.md). */

const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())

async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
	expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The "Leads" and "Booked" cells of a source's row in the leads-by-source table. */
async function sourceRow(page: Page, source: string) {
	const table = page.getByRole('region', { name: 'Leads by source', exact: true }).getByRole('table')
	const row = table.getByRole('row', { name: new RegExp(`^${source} `) })
	if ((await row.count()) === 0) return { leads: 0, booked: 0 }
	const cells = row.getByRole('cell')
	return { leads: Number((await cells.nth(0).textContent())!.replace(/,/g, '')), booked: Number((await cells.nth(2).textContent())!.replace(/,/g, '')) }
}

test('an owner reads revenue and margin, filters without JavaScript and downloads a CSV; staff see counts only', async ({ page, browser }, testInfo) => {
	test.setTimeout(120_000)
	const today = todayInIndia()
	const filtered = `/admin/reports?from=${today}&to=${today}&source=book_now`

	await page.goto('/admin/login?redirectTo=%2Fadmin%2Freports')
	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto(filtered)
	const before = await sourceRow(page, 'Book now')

	// A traveller books online: one more "Book now" lead, booked, today.
	const traveller = await (await browser.newContext()).newPage()
	await bookFamilyHolidayOnline(traveller, {
		...arrivalIn(105),
		travellers: [
			{ name: 'Farah Khan', age: '41', gender: 'female', aadhaar: '5555 1111 2222' },
			{ name: 'Imran Khan', age: '43', gender: 'male', aadhaar: '5555 1111 3333' },
		],
		contact: { name: 'Farah Khan', phone: '98450 12121' },
	})
	await traveller.context().close()

	await page.goto(filtered)
	await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
	expect(await sourceRow(page, 'Book now')).toEqual({ leads: before.leads + 1, booked: before.booked + 1 })
	// Money, for the owner: the revenue chart and the money columns.
	await expect(page.getByRole('img', { name: /^Revenue and margin by month/ })).toBeVisible()
	await expect(page.getByRole('img', { name: /^Lead funnel/ })).toBeVisible()
	await expect(page.getByRole('img', { name: /^Arrivals by week/ })).toBeVisible()
	await expect(
		page.getByRole('region', { name: 'Bookings and revenue by month', exact: true }).getByRole('columnheader', { name: 'Booked value' }),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Margin by package' })).toBeVisible()
	await expectNoAxeViolations(page)

	// A CSV of one table, with the page's filters.
	const downloadPromise = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download CSV: Leads by source' }).click()
	const download = await downloadPromise
	expect(download.suggestedFilename()).toBe(`leads-by-source-${today}-to-${today}.csv`)
	const csv = fs.readFileSync((await download.path())!, 'utf8')
	expect(csv.startsWith('\uFEFFSource,Leads,Sent a quote,Booked,Confirmed,Lead to booking (%)\r\n')).toBe(true)
	expect(csv).toMatch(new RegExp(`\\r\\nBook now,${before.leads + 1},\\d+,${before.booked + 1},`))

	// Bad input: a clear message and a 400, the form still there.
	const bad = await page.goto('/admin/reports?from=2026-02-30')
	expect(bad?.status()).toBe(400)
	await expect(page.getByRole('alert')).toHaveText('Enter dates as YYYY-MM-DD, like 2026-04-01.')
	await expect(page.getByRole('form', { name: 'Report filters' })).toBeVisible()

	// Screenshots at phone and desktop widths, looked at by a person.
	for (const [name, size] of [
		['390', { width: 390, height: 844 }],
		['1280', { width: 1280, height: 800 }],
	] as const) {
		await page.setViewportSize(size)
		await page.goto('/admin/reports')
		await page.screenshot({ path: testInfo.outputPath(`reports-owner-${name}.png`), fullPage: true })
		await page.goto('/admin')
		await page.screenshot({ path: testInfo.outputPath(`dashboard-owner-${name}.png`), fullPage: true })
	}

	// Staff: counts, never money; the money-only CSV is refused.
	const staff = await (await browser.newContext()).newPage()
	await staff.goto('/admin/login?redirectTo=%2Fadmin%2Freports')
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.goto(filtered)
	expect(await sourceRow(staff, 'Book now')).toEqual({ leads: before.leads + 1, booked: before.booked + 1 })
	await expect(staff.getByRole('img', { name: /^Confirmed bookings by month/ })).toBeVisible()
	await expect(staff.getByRole('img', { name: /^Revenue and margin/ })).toHaveCount(0)
	await expect(staff.getByRole('columnheader', { name: 'Booked value' })).toHaveCount(0)
	await expect(staff.getByRole('heading', { name: 'Margin by package' })).toHaveCount(0)
	await expect(staff.getByText('₹')).toHaveCount(0)
	const refused = await staff.request.get('/admin/reports/margin-by-month/csv')
	expect(refused.status()).toBe(403)
	const counts = await staff.request.get(`/admin/reports/bookings-by-month/csv?from=${today}&to=${today}`)
	expect(counts.status()).toBe(200)
	expect((await counts.text()).split('\r\n')[0]).toBe('\uFEFFMonth,Bookings made,Confirmed or completed,Cancelled')
	await staff.context().close()
})

test('the filters work without JavaScript', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/admin/login?redirectTo=%2Fadmin%2Freports')
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/reports')
	const form = page.getByRole('form', { name: 'Report filters' })
	await form.getByLabel('From', { exact: true }).fill('2026-01-01')
	await form.getByLabel('To', { exact: true }).fill('2026-03-31')
	await form.getByLabel('Island').selectOption({ label: 'Havelock (Swaraj Dweep)' })
	await form.getByLabel('Lead source').selectOption({ label: 'Phone call' })
	await form.getByRole('button', { name: 'Show' }).click()
	await expect(page).toHaveURL(/\/admin\/reports\?from=2026-01-01&to=2026-03-31&island=havelock&agent=&source=phone$/)
	await expect(page.getByRole('region', { name: 'Bookings and revenue by month', exact: true }).getByRole('rowheader')).toHaveText([
		'Jan 2026',
		'Feb 2026',
		'Mar 2026',
		'Total',
	])
	await expect(form.getByLabel('Island')).toHaveValue('havelock')
	await context.close()
})

test('the dashboard shows the three charts, each with its numbers beside it', async ({ page }) => {
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin$/)
	for (const name of ['Revenue and margin by month', 'Lead funnel', 'Arrivals by week']) {
		const chart = page.getByRole('figure', { name: new RegExp(`^${name}`) })
		await expect(chart.getByRole('img', { name: new RegExp(`^${name}`) })).toBeVisible()
		await expect(chart.getByRole('table')).toBeVisible()
	}
	await expect(page.getByRole('figure', { name: /^Lead funnel/ }).getByRole('rowheader')).toHaveText(['Leads', 'Sent a quote', 'Booked', 'Confirmed'])
	await page.getByRole('link', { name: 'All reports, filters and CSV' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
})
