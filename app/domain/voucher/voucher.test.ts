import { describe, expect, test } from 'vitest'
import { canTransitionVoucher, changeProblem, issueProblem, type VoucherSnapshot, voucherStatuses, whatsappShareLink, withSection } from './voucher.ts'

describe('voucher states', () => {
	test('every allowed and forbidden transition', () => {
		const allowed = new Set(['issued>reissued', 'issued>revoked'])
		for (const from of voucherStatuses) {
			for (const to of voucherStatuses) expect(canTransitionVoucher(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`))
		}
	})
	test('issued only for a confirmed booking without a valid voucher, with the reason', () => {
		expect(issueProblem({ status: 'pending_payment' }, null)).toMatch(/awaiting payment: confirm it first/)
		expect(issueProblem({ status: 'cancelled' }, null)).toMatch(/it is cancelled/)
		expect(issueProblem({ status: 'confirmed' }, { status: 'issued' })).toMatch(/already has a valid voucher/)
		expect(issueProblem({ status: 'confirmed' }, { status: 'revoked' })).toBeNull()
		expect(issueProblem({ status: 'confirmed' }, null)).toBeNull()
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
