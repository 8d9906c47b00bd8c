import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { amountInWords } from '../../app/features/invoices/domain/amount-in-words.ts'
import { gstinCheckCharacter } from '../../app/features/invoices/domain/gstin.ts'
import { parseRupees } from '../../app/lib/money.ts'
import { arrivalIn, bookFamilyHolidayOnline, demoOwner, recordAdvanceAndConfirm, signIn } from './helpers.ts'

const withCheck = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`
const supplierGstin = withCheck('35AABCA1234F1Z')
const companyGstin = withCheck('29AAGCM5678K1Z')

/** pdftotext reads the PDF back: its text, with runs of white space as one space. */
function pdfText(bytes: Buffer): string {
	return execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ')
}

/**
 * The owner sets up GST invoicing, a business traveller's confirmed booking gets a tax invoice
 * (IGST: the company is in Karnataka), the traveller's link opens the page and the PDF, a
 * cancellation issues the credit note, and the accountant's exports carry both.
 */
test('GST invoice: settings → issue on the booking → page and PDF → credit note on cancellation → GSTR-1 CSV', async ({ page, browser }) => {
	test.setTimeout(150_000)
	const owner = await (await browser.newContext()).newPage()
	await owner.goto('/admin/login?redirectTo=%2Fadmin%2Fsettings')
	await signIn(owner, demoOwner.email, demoOwner.password)
	await owner.waitForURL(/\/admin\/settings$/)

	// A GSTIN with a typing mistake is refused with the reason; the typed values stay.
	const taxFields = owner.getByRole('group', { name: 'Tax invoices (GST)' })
	await taxFields.getByLabel('Legal name (as registered for GST)').fill('Andaman Isles Travel Private Limited')
	await taxFields.getByLabel('Registered address').fill('12 Aberdeen Bazaar, Sri Vijaya Puram, Andaman and Nicobar Islands 744101')
	await taxFields.getByLabel('GSTIN').fill(`${supplierGstin.slice(0, 14)}${supplierGstin[14] === 'A' ? 'B' : 'A'}`)
	await owner.getByRole('button', { name: 'Save settings' }).click()
	await expect(owner.getByText('last character does not match').first()).toBeVisible()
	await expect(taxFields.getByLabel('Legal name (as registered for GST)')).toHaveValue('Andaman Isles Travel Private Limited')
	await taxFields.getByLabel('GSTIN').fill(supplierGstin)
	await owner.getByRole('button', { name: 'Save settings' }).click()
	await expect(owner.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible()

	// A traveller books online; the owner records the verified advance and confirms.
	const reference = await bookFamilyHolidayOnline(page, {
		...arrivalIn(168),
		travellers: [
			{ name: 'Ananya Rao', age: '38', gender: 'female', aadhaar: '4444 5555 6666' },
			{ name: 'Kiran Rao', age: '40', gender: 'male', aadhaar: '4444 5555 7777' },
		],
		contact: { name: 'Ananya Rao', phone: '98450 11223', email: 'ananya.rao@example.com' },
	})
	await owner.goto('/admin/pending')
	await owner.getByRole('link', { name: reference }).click()
	await owner.waitForURL(/\/admin\/pending\/[A-Za-z0-9]{20}$/)
	await expect(owner.getByTestId('invoice-blocker')).toContainText('once the booking is confirmed')
	await recordAdvanceAndConfirm(owner, 'upi', `UPI-INV-${Date.now()}`)

	// Billed to the traveller's company: a GSTIN without an address is refused, then issued.
	const issue = owner.getByRole('form', { name: /Issue a tax invoice for/ })
	await issue.getByLabel('Bill to (name)').fill('Rao Software Services Pvt Ltd')
	await issue.getByLabel('Customer GSTIN (optional)').fill(companyGstin.toLowerCase())
	await issue.getByRole('button', { name: 'Issue tax invoice' }).click()
	await expect(owner.getByText('A business customer’s invoice needs their registered address.')).toBeVisible()
	await owner
		.getByRole('form', { name: /Issue a tax invoice for/ })
		.getByLabel('Customer address')
		.fill('80 Feet Road, Koramangala, Bengaluru 560034')
	await owner
		.getByRole('form', { name: /Issue a tax invoice for/ })
		.getByRole('button', { name: 'Issue tax invoice' })
		.click()
	await expect(owner.getByTestId('toast').filter({ hasText: /Tax invoice INV-\d{4}\/\d{4} issued/ })).toBeVisible()
	await expect(owner.getByTestId('invoice-blocker')).toHaveText('The whole booking is already invoiced.')
	const invoiceLink = owner.getByTestId('tax-documents').getByRole('link', { name: /^Open INV-/ })
	const invoicePath = (await invoiceLink.getAttribute('href'))!
	expect(invoicePath).toMatch(/^\/invoice\/[A-Za-z0-9]{20}$/)

	// The traveller's link (no sign-in): the printable page, then the PDF.
	await page.goto(invoicePath)
	await expect(page.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible()
	await expect(page.getByText(`GSTIN: ${supplierGstin}`)).toBeVisible()
	await expect(page.getByText(`GSTIN: ${companyGstin}`)).toBeVisible()
	await expect(page.getByText('Karnataka (29)').first()).toBeVisible()
	await expect(page.getByRole('row', { name: /IGST @ 5%/ })).toBeVisible()
	const totalCell = await page
		.getByRole('row', { name: /Total \(GST included\)/ })
		.getByRole('cell')
		.textContent()
	const total = parseRupees(totalCell!)!
	const words = amountInWords(total)
	await expect(page.getByText(words)).toBeVisible()
	const pdf = await page.request.get(`${invoicePath}/pdf`)
	expect(pdf.status()).toBe(200)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
	const text = pdfText(await pdf.body())
	expect(text).toContain(`GSTIN: ${supplierGstin}`)
	expect(text).toContain(`GSTIN: ${companyGstin}`)
	expect(text).toContain('SAC 998555')
	expect(text).toContain(`Amount in words: ${words}`)
	expect(text).toContain(`Booking: ${reference}`)
	// An id nobody was given opens nothing.
	expect((await page.request.get('/invoice/AAAAAAAAAAAAAAAAAAAA/pdf')).status()).toBe(404)

	// Cancelling: the credit note against the invoice, for what the business does not keep.
	await owner.getByLabel('Reason for cancelling').fill('Work trip called off')
	await owner.getByRole('button', { name: 'Cancel booking' }).click()
	await expect(owner.getByTestId('toast').filter({ hasText: 'Booking cancelled' })).toBeVisible()
	const creditLink = owner.getByTestId('tax-documents').getByRole('link', { name: /^Open CN-/ })
	await expect(creditLink).toBeVisible()
	const creditText = pdfText(await (await owner.request.get(`${(await creditLink.getAttribute('href'))!}/pdf`)).body())
	expect(creditText).toContain('CREDIT NOTE')
	expect(creditText).toMatch(/Against invoice: INV-\d{4}\/\d{4}/)

	// The accountant's exports: the invoice in B2B, the note in CDNR, both in the register.
	await owner.goto('/admin/invoices')
	await expect(owner.getByRole('heading', { name: 'Invoices and credit notes' })).toBeVisible()
	const b2b = await (await owner.request.get('/admin/invoices/export.csv?section=b2b')).text()
	expect(b2b).toContain(companyGstin)
	expect(b2b).toContain('29-Karnataka')
	const cdnr = await (await owner.request.get('/admin/invoices/export.csv?section=cdnr')).text()
	expect(cdnr).toMatch(/CN-\d{4}\/\d{4}/)
	const bad = await owner.request.get('/admin/invoices/export.csv?from=2026-12-31&to=2026-01-01')
	expect(bad.status()).toBe(400)
})
