import { expect, test } from 'vitest'
import { accountExistsEmail, accountRequestedEmail, bookingReceivedEmail, emailHtml, paymentRecordedEmail, retryDelayMs, voucherIssuedEmail } from './emails.ts'

const company = { name: 'Andaman Isles Travel', phone: '+91 3192 000000', whatsapp: '+91 90000 00000', email: 'hello@example.test' }

test('emails say what happened, with the reference and amounts in rupees', () => {
	const received = bookingReceivedEmail({
		reference: 'BK-2026-00001',
		name: 'Meera',
		title: 'Havelock Honeymoon',
		startDate: '2027-01-20',
		total: 5_000_000,
		advanceDue: 1_500_000,
		upiId: 'x@upi',
		company,
	})
	expect(received.subject).toBe('We have your booking BK-2026-00001')
	expect(received.text).toContain('₹15,000')
	expect(received.text).toContain('20 Jan 2027')
	expect(received.text).toContain('Pay the advance of ₹15,000 (UPI x@upi) to confirm')
	// Inside the balance window the whole amount is due; without UPI set up, no UPI line.
	expect(
		bookingReceivedEmail({
			reference: 'BK-2026-00001',
			name: 'Meera',
			title: 'Havelock Honeymoon',
			startDate: '2027-01-20',
			total: 5_000_000,
			advanceDue: 5_000_000,
			upiId: null,
			company,
		}).text,
	).toContain('Pay the full amount of ₹50,000 to confirm;')
	expect(
		paymentRecordedEmail({ reference: 'BK-2026-00001', name: 'Meera', amount: 1_500_000, method: 'UPI', paymentReference: 'UPI-1', company }).text,
	).toContain('₹15,000 by UPI (reference UPI-1)')
	const voucher = voucherIssuedEmail({ reference: 'BK-2026-00001', name: 'Meera', url: 'https://x.test/voucher/abc', version: 2, company })
	expect(voucher.subject).toContain('(version 2)')
	expect(voucher.text).toContain('https://x.test/voucher/abc')
	expect(voucher.text).not.toContain('jetty')
	expect(
		voucherIssuedEmail({ reference: 'BK-2026-00001', name: 'Meera', url: 'https://x.test/voucher/abc', version: 1, company, ferryReportingMinutes: [75] }).text,
	).toContain('Ferries: Be at the jetty 75 minutes before departure')
})

test('retries wait longer each time', () => {
	expect([1, 2, 3].map(retryDelayMs)).toEqual([60_000, 240_000, 540_000])
})

test('the HTML part has the same words: paragraphs, line breaks, our links, and nothing a name could inject', () => {
	const html = emailHtml('Dear <b>Meera</b> & family,\n\nYour voucher:\nhttps://x.test/voucher/abc\nKeep it handy.\n\nAndaman Isles Travel')
	expect(html).toContain('<p style="margin:0 0 16px">Dear &lt;b&gt;Meera&lt;/b&gt; &amp; family,</p>')
	expect(html).toContain('Your voucher:<br><a href="https://x.test/voucher/abc" style="color:#047857">https://x.test/voucher/abc</a><br>Keep it handy.')
	expect(html.match(/<p /g)).toHaveLength(3)
	expect(html).toMatch(/^<!doctype html><html lang="en">/)
})

test('text a visitor typed never becomes a link, even with line breaks in it; the links we put there do', () => {
	for (const name of ['Meera https://evil.example/pay', 'Meera\nhttps://evil.example/pay\n', 'https://evil.example/pay']) {
		const received = bookingReceivedEmail({
			reference: 'BK-1',
			name,
			title: 'Trip\n\nhttps://evil.example/t',
			startDate: '2027-01-20',
			total: 100,
			advanceDue: 30,
			upiId: 'x@upi',
			company,
		})
		expect(emailHtml(received.text)).not.toContain('<a ')
		const voucher = voucherIssuedEmail({ reference: 'BK-1', name, url: 'https://x.test/voucher/abc', version: 1, company })
		const links = [...emailHtml(voucher.text).matchAll(/<a href="([^"]+)"/g)].map((match) => match[1])
		expect(links).toEqual(['https://x.test/voucher/abc'])
	}
})

test('account emails: the request waits for an owner; an existing holder is told, nobody else', () => {
	const requested = accountRequestedEmail({ name: 'Kiran\nhttps://evil.example', signInUrl: 'https://x.test/admin/login', company })
	expect(requested.text).toContain('Dear Kiran https://evil.example,')
	expect([...emailHtml(requested.text).matchAll(/<a href="([^"]+)"/g)].map((match) => match[1])).toEqual(['https://x.test/admin/login'])
	const exists = accountExistsEmail({ signInUrl: 'https://x.test/admin/login', company })
	expect(exists.text).toContain('You already have an account, so nothing was changed.')
})
