import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createBooking, completeBooking, confirmBooking, getBooking, listBookings, type NewBooking, recordPayment } from './bookings.server.ts'
import { addComponent, updateComponent } from './components.server.ts'
import { confirmAll, fixtureTripStart, tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { dashboardFigures } from '~/features/reports/server/dashboard.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { deliverDueEmails, listOutbox } from '~/features/email/server/outbox.server.ts'
import { smtpTransport } from '~/features/email/server/sender.server.ts'
import { PDFDocument } from 'pdf-lib'
import { todayInIndia } from '~/lib/dates.ts'
import { voucherPdf } from './voucher-pdf.server.ts'
import { execFileSync } from 'node:child_process'
import { getVoucher, issueVoucher, listVouchers, registerVoucherSection, reissueVoucher, revokeVoucher, vouchersForBooking } from './vouchers.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }

/** The text of a PDF as pdftotext (Debian's poppler-utils) reads it. */
function pdfToText(bytes: Uint8Array): string {
	return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8')
}
const siteUrl = 'https://andaman.test'

/** A local SMTP server that keeps every message it receives. */
let smtp: SMTPServer
let smtpPort = 0
const received: Array<{ from: string; to: string[]; raw: string }> = []
let refuseNext = 0

beforeAll(async () => {
	smtp = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				if (refuseNext > 0) {
					refuseNext--
					const error = new Error('Mailbox busy, try later') as Error & { responseCode: number }
					error.responseCode = 451
					return callback(error)
				}
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address), // Undo quoted-printable soft line breaks so assertions read the text.
					raw: Buffer.concat(chunks)
						.toString('utf8')
						.replace(/=\r?\n/g, ''),
				})
				callback()
			})
		},
	})
	smtp.listen(0, '127.0.0.1')
	await once(smtp.server, 'listening')
	smtpPort = (smtp.server.address() as AddressInfo).port
})
afterAll(async () => {
	await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

describeEachDatabase('components, balance, vouchers and the email outbox', (get) => {
	let booking: NewBooking

	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'voucher-test-package', { contactEmail: 'meera@example.test' })
	})

	/** A confirmed booking; with `suppliers` every component is confirmed with a number too (what a voucher needs). */
	async function confirmedBooking(key: string, suppliers = true, travellers = booking.travellers) {
		const { db } = get()
		const { id } = await createBooking(db, { ...booking, travellers }, { submissionKey: key })
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-${key}`, paidOn: '2026-11-22', verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		if (suppliers) await confirmAll(db, id)
		return id
	}

	test('confirming creates the components from the package; staff edit them through the supplier states, audited', async () => {
		const { db } = get()
		const id = await confirmedBooking('components', false)
		const { components } = (await getBooking(db, id))!
		expect(components.length).toBeGreaterThan(2)
		expect(components[0]).toMatchObject({ kind: 'transfer', supplierStatus: 'pending', startDate: fixtureTripStart })
		const hotel = components.find((c) => c.kind === 'hotel')!
		expect(hotel.startDate).toBe(fixtureTripStart)
		const form = {
			kind: 'hotel' as const,
			description: hotel.description,
			startDate: hotel.startDate,
			endDate: hotel.endDate,
			time: null,
			supplier: 'Sea Shell Port Blair',
			notes: null,
		}
		await expect(updateComponent(db, id, hotel.id, { ...form, supplierStatus: 'rejected', confirmationNumber: null }, staff)).rejects.toThrow(/cannot become/)
		await updateComponent(db, id, hotel.id, { ...form, supplierStatus: 'requested', confirmationNumber: null }, staff)
		await updateComponent(db, id, hotel.id, { ...form, supplierStatus: 'confirmed', confirmationNumber: 'SS-4471' }, staff)
		const { id: added } = await addComponent(
			db,
			id,
			{
				kind: 'activity',
				description: 'Scuba try-dive at Nemo Reef',
				startDate: tripDay(2),
				endDate: null,
				time: '07:30',
				supplier: 'Dive India',
				supplierStatus: 'requested',
				confirmationNumber: null,
				notes: 'Pickup 7:00 from the hotel',
			},
			staff,
		)
		await expect(
			addComponent(
				db,
				id,
				{
					kind: 'activity',
					description: 'Sea walk',
					startDate: null,
					endDate: null,
					time: null,
					supplier: null,
					supplierStatus: 'rejected',
					confirmationNumber: null,
					notes: null,
				},
				staff,
			),
		).rejects.toMatchObject({ code: 'failed-precondition' })
		const after = (await getBooking(db, id))!.components
		expect(after.find((c) => c.id === hotel.id)).toMatchObject({ supplierStatus: 'confirmed', confirmationNumber: 'SS-4471', supplier: 'Sea Shell Port Blair' })
		expect(after.at(-1)).toMatchObject({ id: added, time: '07:30' })
		const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute()
		expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['plan-components', 'update-component', 'add-component']))
	})

	test('a voucher is refused before confirmation, issued, reissued (the old one points to the new), revoked, searched', async () => {
		const { db } = get()
		const { id: pending } = await createBooking(db, booking, { submissionKey: 'voucher-pending' })
		await expect(issueVoucher(db, pending, staff, siteUrl)).rejects.toThrow(/awaiting payment: confirm it first/)

		const id = await confirmedBooking('voucher')
		registerVoucherSection(async (_executor, bookingId) =>
			bookingId === id ? { title: 'Ferry tickets', items: [{ heading: 'Makruzz Port Blair → Havelock', lines: ['PNR MKZ-778'] }] } : null,
		)
		const first = await issueVoucher(db, id, staff, siteUrl)
		expect(first.version).toBe(1)
		expect(first.id).toMatch(/^[A-Za-z0-9]{20}$/)
		await expect(issueVoucher(db, id, staff, siteUrl)).rejects.toThrow(/already has a valid voucher/)
		const shown = (await getVoucher(db, first.id))!
		expect(shown.snapshot).toMatchObject({
			reference: expect.stringMatching(/^BK-/),
			payment: { total: 5_000_000, paid: 1_500_000, balance: 3_500_000, balanceDueDate: tripDay(-15) },
		})
		expect(shown.snapshot.days.length).toBeGreaterThan(0)
		expect(shown.snapshot.travellers[0]!.id).toBe('aadhaar ••••••••••9012')
		expect(shown.snapshot.sections).toEqual([{ title: 'Ferry tickets', items: [{ heading: 'Makruzz Port Blair → Havelock', lines: ['PNR MKZ-778'] }] }])
		// A real, readable PDF (A4) of the snapshot.
		const bytes = await voucherPdf(shown.snapshot, { version: 1, status: 'issued', url: `${siteUrl}/voucher/${first.id}` })
		expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
		const parsed = await PDFDocument.load(bytes)
		expect(parsed.getTitle()).toBe(`Voucher ${shown.snapshot.reference}`)
		expect(parsed.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 })
		// Noto Sans is embedded: ₹ prints as ₹ (pdftotext reads the text back, as a traveller's PDF reader would).
		expect(pdfToText(bytes)).toContain('₹50,000')

		// The snapshot is frozen: a later change shows only in a reissued voucher.
		const hotel = (await getBooking(db, id))!.components.find((c) => c.kind === 'hotel')!
		await updateComponent(
			db,
			id,
			hotel.id,
			{
				kind: 'hotel',
				description: hotel.description,
				startDate: hotel.startDate,
				endDate: hotel.endDate,
				time: null,
				supplier: 'Sinclairs Bayview',
				supplierStatus: 'confirmed',
				confirmationNumber: 'SB-9',
				notes: null,
			},
			staff,
		)
		expect((await getVoucher(db, first.id))!.snapshot.hotels[0]!.name).not.toContain('Sinclairs')
		const second = await reissueVoucher(db, first.id, staff, siteUrl)
		expect(second.version).toBe(2)
		expect((await getVoucher(db, first.id))!.voucher).toMatchObject({ status: 'reissued', replacedBy: second.id })
		expect((await getVoucher(db, second.id))!.snapshot.hotels[0]!.name).toContain('Sinclairs Bayview')
		await expect(reissueVoucher(db, first.id, staff, siteUrl)).rejects.toThrow(/already replaced/)

		await revokeVoucher(db, second.id, 'Traveller changed dates', staff)
		expect((await getVoucher(db, second.id))!.voucher).toMatchObject({ status: 'revoked', revokeReason: 'Traveller changed dates' })
		await expect(revokeVoucher(db, second.id, 'again', staff)).rejects.toMatchObject({ code: 'failed-precondition' })
		const third = await issueVoucher(db, id, staff, siteUrl)
		expect(third.version).toBe(3)
		expect((await vouchersForBooking(db, id)).map((v) => [v.version, v.status])).toEqual([
			[3, 'issued'],
			[2, 'revoked'],
			[1, 'reissued'],
		])
		const reference = (await getBooking(db, id))!.booking.reference
		expect((await listVouchers(db, { q: reference.toLowerCase() })).vouchers).toHaveLength(3)
		expect((await listVouchers(db, { q: 'meera', status: 'issued' })).vouchers.map((v) => v.id)).toContain(third.id)
		expect((await listVouchers(db, { q: 'nobody-by-this-name' })).total).toBe(0)
	})

	test('a voucher with an unconfirmed part: refused for staff, issued by an owner’s audited override with “pending confirmation” lines', async () => {
		const { db } = get()
		// Names as travellers write them: Devanagari and Tamil.
		const id = await confirmedBooking('voucher-unconfirmed', false, [
			{ name: 'मीरा अय्यर', age: 29, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '1234 5678 9012', passportExpiry: null },
			{ name: 'கமலா ராமன்', age: 31, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '2234 5678 9012', passportExpiry: null },
		])
		const parts = (await getBooking(db, id))!.components
		// Confirm all but the first ferry, and leave that one requested.
		const ferry = parts.find((c) => c.kind === 'ferry')!
		await confirmAll(db, id)
		await updateComponent(
			db,
			id,
			ferry.id,
			{
				kind: 'ferry',
				description: ferry.description,
				startDate: ferry.startDate,
				endDate: null,
				time: '08:00',
				supplier: 'Makruzz',
				supplierStatus: 'requested',
				confirmationNumber: null,
				notes: null,
			},
			staff,
		)
		await expect(issueVoucher(db, id, staff, siteUrl)).rejects.toMatchObject({
			code: 'failed-precondition',
			message: expect.stringContaining(`One part of the trip is not confirmed with a confirmation number or PNR yet: ${ferry.description}.`),
		})
		await expect(issueVoucher(db, id, staff, siteUrl, 'Traveller insists')).rejects.toMatchObject({
			status: 403,
			message: expect.stringMatching(/Only an owner/),
		})
		const owner = { id: 'owner-1', label: 'Ravi (owner)', isOwner: true }
		await expect(issueVoucher(db, id, owner, siteUrl, '')).rejects.toThrow(/Say why/)
		expect(await vouchersForBooking(db, id)).toHaveLength(0)

		const issued = await issueVoucher(db, id, owner, siteUrl, 'PNR comes at the Makruzz counter')
		const { snapshot } = (await getVoucher(db, issued.id))!
		expect(snapshot.ferries.find((f) => f.description === ferry.description)).toMatchObject({ pnr: null, status: 'Pending confirmation' })
		expect(snapshot.hotels.every((h) => h.status === 'Confirmed by supplier' && h.confirmation)).toBe(true)
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'actor_id', 'after_json'])
			.where('entity_id', '=', id)
			.where('action', 'like', 'issue-voucher%')
			.execute()
		expect(audit).toHaveLength(1)
		expect(audit[0]).toMatchObject({ action: 'issue-voucher-with-override', actor_id: 'owner-1' })
		expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
			voucherId: issued.id,
			overrideReason: 'PNR comes at the Makruzz counter',
			pendingConfirmation: [ferry.description],
		})
		// The PDF says so too, with ₹, the confirmation numbers and the names in their own scripts.
		const bytes = await voucherPdf(snapshot, { version: 1, status: 'issued', url: `${siteUrl}/voucher/${issued.id}` })
		const text = pdfToText(bytes)
		expect(text).toContain('Pending confirmation')
		expect(text).toContain('Confirmation CNF-')
		expect(text).toMatch(/balance ₹35,000 due by/)
		expect(text).toContain('मीरा')
		expect(text).toContain('கமலா')
		expect(text).toContain(`${siteUrl}/voucher/${issued.id}`)
		// It fits the pages it needs: no page is nearly empty.
		const pages = text.split('\f').filter((page) => page.trim())
		expect(pages.length).toBe((await PDFDocument.load(bytes)).getPageCount())
		expect(pages.at(-1)!.trim().split('\n').length).toBeGreaterThan(12)
	})

	test('the voucher is what a hotel desk and a jetty ask for: hotel address, phone and times, ferry departure, reporting time and jetty, PNR, our 24-hour number; the PDF prints the same', async () => {
		const { db } = get()
		const id = await confirmedBooking('voucher-desk')
		const now = new Date().toISOString()
		await db
			.insertInto('hotels')
			.values({
				id: 'voucherdeskhotel0001',
				name: 'Voucher Desk Test Resort',
				island: 'port-blair',
				tier: 'deluxe',
				stars: 3,
				address: 'Demo Road 1, Sri Vijaya Puram 744101',
				phone: '+919476000001',
				email: null,
				check_in: '13:00',
				check_out: '11:00',
				active: 1,
				notes: null,
				created_at: now,
				updated_at: now,
			})
			.execute()
		const parts = (await getBooking(db, id))!.components
		const hotel = parts.find((c) => c.kind === 'hotel')!
		const ferry = parts.find((c) => c.kind === 'ferry' && c.island === 'port-blair')!
		await updateComponent(
			db,
			id,
			hotel.id,
			{
				kind: 'hotel',
				description: hotel.description,
				startDate: hotel.startDate,
				endDate: hotel.endDate,
				time: null,
				supplier: 'Voucher Desk Test Resort',
				supplierStatus: 'confirmed',
				confirmationNumber: hotel.confirmationNumber,
				notes: null,
			},
			staff,
		)
		await updateComponent(
			db,
			id,
			ferry.id,
			{
				kind: 'ferry',
				description: ferry.description,
				startDate: ferry.startDate,
				endDate: null,
				time: '07:00',
				supplier: 'Makruzz',
				supplierStatus: 'confirmed',
				confirmationNumber: 'MKZ-PNR-7',
				notes: null,
			},
			staff,
		)
		const issued = await issueVoucher(db, id, staff, siteUrl)
		const { snapshot } = (await getVoucher(db, issued.id))!
		expect(snapshot.hotels.find((h) => h.name === 'Voucher Desk Test Resort')).toMatchObject({
			address: 'Demo Road 1, Sri Vijaya Puram 744101',
			phone: '+919476000001',
			checkInTime: '13:00',
			checkOutTime: '11:00',
		})
		const text = pdfToText(await voucherPdf(snapshot, { version: 1, status: 'issued', url: `${siteUrl}/voucher/${issued.id}`, reportingMinutes: 60 }))
		expect(text).toContain('Phone +91 94760 00001')
		expect(text).toContain('Demo Road 1, Sri Vijaya Puram 744101')
		expect(text).toMatch(/Check-in .+ from 13:00 · check-out .+ by 11:00/)
		expect(text).toMatch(/departs 07:00 · Operator: Makruzz/)
		expect(text).toContain('Report by 06:00 at Haddo Wharf, Port Blair, with photo ID')
		expect(text).toContain('PNR MKZ-PNR-7')
		expect(text).toContain(`24-hour help while you travel: call ${snapshot.company.phone}`)
		expect(text).not.toMatch(/× \d+ nights?/)
	})

	test('a fully confirmed trip issues for staff, audited as a plain issue', async () => {
		const { db } = get()
		const id = await confirmedBooking('voucher-confirmed')
		const issued = await issueVoucher(db, id, staff, siteUrl)
		const { snapshot } = (await getVoucher(db, issued.id))!
		expect([...snapshot.hotels, ...snapshot.ferries].every((line) => line.status === 'Confirmed by supplier')).toBe(true)
		expect(snapshot.ferries.every((f) => f.pnr?.startsWith('CNF-'))).toBe(true)
		const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', id).where('action', 'like', 'issue-voucher%').execute()
		expect(audit.map((a) => a.action)).toEqual(['issue-voucher'])
	})

	test('two staff issuing at once make one voucher', async () => {
		const { db } = get()
		const id = await confirmedBooking('voucher-race')
		const results = await Promise.allSettled(Array.from({ length: 10 }, () => issueVoucher(db, id, staff, siteUrl)))
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 })
		expect(await vouchersForBooking(db, id)).toHaveLength(1)
	})

	test('completed only after the trip ends; balance, overdue filter and arrivals', async () => {
		const { db } = get()
		const id = await confirmedBooking('complete')
		await expect(completeBooking(db, id, tripDay(1), staff)).rejects.toThrow(/mark it completed on or after/)
		const overdue = await listBookings(db, { filter: 'overdue', today: tripDay(-10) })
		expect(overdue.find((b) => b.id === id)).toMatchObject({ balance: 3_500_000, overdue: true })
		expect((await listBookings(db, { filter: 'overdue', today: tripDay(-15) })).find((b) => b.id === id)).toBeUndefined()
		expect((await listBookings(db, { filter: 'arrivals', today: tripDay(-5) })).map((b) => b.id)).toContain(id)
		expect((await listBookings(db, { filter: 'arrivals', today: tripDay(-10) })).map((b) => b.id)).not.toContain(id)
		const dashboard = await dashboardFigures(db, tripDay(-5))
		expect(dashboard.arrivals).toBeGreaterThan(0)
		expect(dashboard.balancesOverdue.count).toBeGreaterThan(0)
		expect(dashboard.balancesOverdue.amount).toBeGreaterThanOrEqual(3_500_000)
		const end = (await getBooking(db, id))!.booking.endDate
		await completeBooking(db, id, end, staff)
		expect((await getBooking(db, id))!.booking).toMatchObject({ status: 'completed', completedAt: expect.any(String) })
		await expect(completeBooking(db, id, end, staff)).rejects.toThrow(/Only a confirmed booking/)
	})

	test('the dashboard counts this month’s bookings, awaiting payment and new leads', async () => {
		const { db } = get()
		// India's date, as the dashboard's month is India's: from 18:30 UTC on a month's last day it is already the next.
		const today = todayInIndia()
		const before = await dashboardFigures(db, today)
		await createBooking(db, booking, { submissionKey: 'dashboard-new' })
		const after = await dashboardFigures(db, today)
		expect(after.awaitingPayment.count).toBe(before.awaitingPayment.count + 1)
		expect(after.awaitingPayment.amount).toBe(before.awaitingPayment.amount + 5_000_000)
		expect(after.thisMonth.count).toBe(before.thisMonth.count + 1)
		expect(after.thisMonth.revenue).toBe(before.thisMonth.revenue + 5_000_000)
		expect(after.newLeadsToday).toBeGreaterThanOrEqual(before.newLeadsToday)
	})

	test('booking, payment and voucher emails are queued with the event, then delivered through real SMTP with retries', async () => {
		const { db } = get()
		const id = await confirmedBooking('emails')
		await issueVoucher(db, id, staff, siteUrl)
		// A double-recorded payment queues one email.
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: 'UPI-emails', paidOn: '2026-11-22', verified: true }, staff)
		const queued = (await listOutbox(db, { status: 'queued' })).entries.filter((e) => e.bookingId === id)
		expect(queued.map((e) => e.kind).sort()).toEqual(['booking-received', 'payment-recorded', 'voucher-issued'])
		expect(queued.every((e) => e.to === 'meera@example.test')).toBe(true)

		// No email without an address: nothing to send, nothing queued.
		const { id: silent } = await createBooking(db, { ...booking, contactEmail: null }, { submissionKey: 'no-email' })
		expect((await listOutbox(db)).entries.filter((e) => e.bookingId === silent)).toHaveLength(0)

		const transport = smtpTransport(`smtp://127.0.0.1:${smtpPort}`)
		received.length = 0
		refuseNext = 1
		const now = new Date()
		const first = await deliverDueEmails(db, transport, 'Andaman Isles Travel <hello@andaman.test>', now)
		expect(first.retried).toBe(1)
		const retry = (await listOutbox(db, { status: 'queued' })).entries.find((e) => e.attempts === 1)!
		expect(retry.lastError).toMatch(/Mailbox busy/)
		// Later, once the retry is due, everything goes.
		await deliverDueEmails(db, transport, 'Andaman Isles Travel <hello@andaman.test>', new Date(now.getTime() + 10 * 60_000))
		const mine = (await listOutbox(db)).entries.filter((e) => e.bookingId === id)
		expect(mine.every((e) => e.status === 'sent' && e.sentAt)).toBe(true)
		const voucherMail = received.find((m) => m.raw.includes('Your travel voucher'))!
		expect(voucherMail.to).toEqual(['meera@example.test'])
		expect(voucherMail.from).toBe('hello@andaman.test')
		expect(voucherMail.raw).toMatch(/https:\/\/andaman\.test\/voucher\/[A-Za-z0-9]{20}/)
		// A text part and an HTML part with the same words, the voucher address as a link.
		expect(voucherMail.raw).toContain('multipart/alternative')
		expect(voucherMail.raw).toContain('Content-Type: text/plain')
		expect(voucherMail.raw).toContain('Content-Type: text/html')
		expect(voucherMail.raw).toMatch(/<a href=(3D)?"https:\/\/andaman\.test\/voucher\/[A-Za-z0-9]{20}"/)
		expect(received.filter((m) => m.to.includes('meera@example.test')).length).toBeGreaterThanOrEqual(3)
	})

	test('an unreachable SMTP server marks the email failed after the last attempt', async () => {
		const { db } = get()
		await db.updateTable('email_outbox').set({ status: 'sent' }).where('status', '=', 'queued').execute()
		await createBooking(db, booking, { submissionKey: 'smtp-down' })
		const transport = smtpTransport('smtp://127.0.0.1:1')
		let at = Date.now()
		for (let i = 0; i < 5; i++) {
			await deliverDueEmails(db, transport, 'x@andaman.test', new Date(at))
			at += 60 * 60_000
		}
		const failed = (await listOutbox(db, { status: 'failed' })).entries
		expect(failed).toHaveLength(1)
		expect(failed[0]).toMatchObject({ attempts: 5, kind: 'booking-received' })
		expect(failed[0]!.lastError).toMatch(/ECONNREFUSED|connect/i)
	})
})
