import { describe, expect, test } from 'vitest'
import { canTransitionVoucher, changeProblem, confirmationGap, issueProblem, unconfirmedParts, type VoucherSnapshot, voucherStatuses, whatsappShareLink, withSection } from './voucher.ts'


const confirmed = [{ kind: 'hotel', description: 'Havelock hotel', confirmed: true, confirmationNumber: 'HTL-1' }]
describe('voucher states', () => {
	test('every allowed and forbidden transition', () => {
		const allowed = new Set(['issued>reissued', 'issued>revoked'])
		for (const from of voucherStatuses) {
			for (const to of voucherStatuses) expect(canTransitionVoucher(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`))
		}
	})
	test('issued only for a confirmed booking without a valid voucher, with the reason', () => {
		expect(issueProblem({ status: 'pending_payment' }, null, confirmed, null)).toMatch(/awaiting payment: confirm it first/)
		expect(issueProblem({ status: 'cancelled' }, null, confirmed, null)).toMatch(/it is cancelled/)
		expect(issueProblem({ status: 'confirmed' }, { status: 'issued' }, confirmed, null)).toMatch(/already has a valid voucher/)
		expect(issueProblem({ status: 'confirmed' }, { status: 'revoked' }, confirmed, null)).toBeNull()
		expect(issueProblem({ status: 'confirmed' }, null, confirmed, null)).toBeNull()
	})
	test('only the current voucher is reissued or revoked', () => {
		expect(changeProblem({ status: 'issued' }, 'reissued', { status: 'confirmed' })).toBeNull()
		expect(changeProblem({ status: 'issued' }, 'reissued', { status: 'cancelled' })).toMatch(/revoke this one/)
		expect(changeProblem({ status: 'reissued' }, 'revoked', { status: 'confirmed' })).toMatch(/already replaced/)
		expect(changeProblem({ status: 'revoked' }, 'reissued', { status: 'confirmed' })).toMatch(/already revoked/)
	})
	test('extra sections are added by one call; empty ones are left out', () => {
		const snapshot = { sections: [] } as unknown as VoucherSnapshot
		const ferry = { title: 'Ferry tickets', items: [{ heading: 'Makruzz PB → HL', lines: ['PNR MKZ123'] }] }
		expect(withSection(snapshot, ferry).sections).toEqual([ferry])
		expect(withSection(snapshot, { title: 'Offline tickets', items: [] }).sections).toEqual([])
	})
	test('WhatsApp share carries the link', () => {
		expect(whatsappShareLink('https://x.test/voucher/abc', 'BK-2026-00001')).toBe('https://wa.me/?text=Our%20Andaman%20trip%20voucher%20BK-2026-00001%3A%20https%3A%2F%2Fx.test%2Fvoucher%2Fabc')
	})
})

describe('a voucher needs every part of the trip confirmed', () => {
	const hotel = { kind: 'hotel', description: 'Havelock hotel', confirmed: true, confirmationNumber: 'HTL-1' }
	const ferry = { kind: 'ferry', description: 'Port Blair → Havelock', confirmed: false, confirmationNumber: null }
	const noNumber = { kind: 'transfer', description: 'Airport pickup', confirmed: true, confirmationNumber: ' ' }
	test('unconfirmed parts: not confirmed, or confirmed without a number', () => {
		expect(unconfirmedParts([hotel, ferry, noNumber]).map((part) => part.description)).toEqual(['Port Blair → Havelock', 'Airport pickup'])
	})
	test('staff are refused with the list; nothing planned is refused too', () => {
		expect(confirmationGap([hotel, ferry], null)).toBe('One part of the trip is not confirmed with a confirmation number or PNR yet: Port Blair → Havelock. Confirm it on the booking page, or ask an owner to issue with an override.')
		expect(confirmationGap([hotel, ferry, noNumber], null)).toMatch(/^2 parts of the trip are not confirmed/)
		expect(confirmationGap([], null)).toMatch(/Nothing is booked with suppliers yet/)
		expect(confirmationGap([hotel, ferry], { byOwner: false, reason: 'Traveller flies tomorrow' })).toMatch(/Only an owner/)
	})
	test('an owner overrides with a reason', () => {
		expect(confirmationGap([hotel, ferry], { byOwner: true, reason: 'no' })).toMatch(/Say why/)
		expect(confirmationGap([hotel, ferry], { byOwner: true, reason: 'Ferry PNR comes at the counter' })).toBeNull()
		expect(issueProblem({ status: 'confirmed' }, null, [hotel, ferry], { byOwner: true, reason: 'Ferry PNR comes at the counter' })).toBeNull()
	})
	test('everything confirmed: no override needed', () => {
		expect(confirmationGap([hotel], null)).toBeNull()
	})
})
