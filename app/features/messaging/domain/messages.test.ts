import { expect, test } from 'vitest'
import { advancesStatus, fillTemplate, isE164, messageKinds, messageTemplates, replyIntent } from './messages.ts'

const full = { name: 'Meera Iyer', reference: 'BK-2026-00042', trip: 'Havelock Escape', amount: 'Rs 15,000', tripUrl: 'https://andamanisles.example/trip/abc' }

test('every template numbers its WhatsApp placeholders 1..n and has one SMS variable per parameter', () => {
	for (const kind of messageKinds) {
		const template = messageTemplates[kind]
		const numbers = [...template.whatsapp.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]))
		expect(numbers, kind).toEqual(template.params.map((_, index) => index + 1))
		expect(template.sms.split('{#var#}').length - 1, kind).toBe(template.params.length)
		expect(template.name).toMatch(/^[a-z_]{3,40}$/)
	}
})

test('a filled template has its parameters in order and the words to show', () => {
	const filled = fillTemplate('booking-received', full)
	expect(filled.params).toEqual(['Meera Iyer', 'BK-2026-00042', 'Havelock Escape', 'Rs 15,000', 'https://andamanisles.example/trip/abc'])
	expect(filled.whatsappText).toBe(
		'Dear Meera Iyer, thank you for booking with us. Your reference is BK-2026-00042 for Havelock Escape. Please pay Rs 15,000 to confirm. Your trip page: https://andamanisles.example/trip/abc',
	)
	expect(filled.smsText).toContain('Ref BK-2026-00042 for Havelock Escape')
})

test('a missing, empty or unknown parameter refuses; nothing is half-filled', () => {
	expect(() => fillTemplate('booking-received', { ...full, amount: '' })).toThrow(/needs its amount/)
	expect(() => fillTemplate('booking-received', { ...full, amount: '   ' })).toThrow(/needs its amount/)
	expect(() => fillTemplate('booking-received', { ...full, amount: null })).toThrow(/needs its amount/)
	const { tripUrl: _, ...missing } = full
	expect(() => fillTemplate('booking-received', missing)).toThrow(/needs its tripUrl/)
	expect(() => fillTemplate('booking-received', { ...full, extra: 'x' })).toThrow(/no parameter extra/)
})

test('WhatsApp parameter rules: no line breaks or tabs, at most four spaces in a row, bounded length', () => {
	expect(() => fillTemplate('staff-message', { name: 'A', reference: 'BK-1', message: 'line one\nline two' })).toThrow(/line break or tab/)
	expect(() => fillTemplate('staff-message', { name: 'A', reference: 'BK-1', message: 'a\tb' })).toThrow(/line break or tab/)
	expect(() => fillTemplate('staff-message', { name: 'A', reference: 'BK-1', message: 'a     b' })).toThrow(/four spaces/)
	expect(() => fillTemplate('staff-message', { name: 'A', reference: 'BK-1', message: 'x'.repeat(901) })).toThrow(/longer than/)
	expect(fillTemplate('staff-message', { name: 'A', reference: 'BK-1', message: 'a    b' }).params[2]).toBe('a    b')
})

test('the voucher message needs its PDF address; others carry none', () => {
	expect(() => fillTemplate('voucher-ready', { name: 'A', reference: 'BK-1', url: 'https://x.example/voucher/1' })).toThrow(/PDF/)
	expect(
		fillTemplate('voucher-ready', { name: 'A', reference: 'BK-1', url: 'https://x.example/voucher/1' }, 'https://x.example/voucher/1/pdf').documentUrl,
	).toBe('https://x.example/voucher/1/pdf')
	expect(
		fillTemplate('welcome-home', { name: 'A', reference: 'BK-1', reviewUrl: 'https://x.example/review/abc' }, 'https://ignored.example').documentUrl,
	).toBeNull()
})

test('E.164 numbers only', () => {
	expect(isE164('+919434200000')).toBe(true)
	expect(isE164('+4915123456789')).toBe(true)
	for (const bad of ['9434200000', '+09434200000', '+91 94342 00000', '+1234567', '+1234567890123456', '']) expect(isE164(bad), bad).toBe(false)
})

test('statuses only move forward; failed counts only before delivery; final states stay', () => {
	expect(advancesStatus('accepted', 'sent')).toBe(true)
	expect(advancesStatus('accepted', 'read')).toBe(true)
	expect(advancesStatus('read', 'delivered')).toBe(false)
	expect(advancesStatus('delivered', 'sent')).toBe(false)
	expect(advancesStatus('sent', 'failed')).toBe(true)
	expect(advancesStatus('delivered', 'failed')).toBe(false)
	expect(advancesStatus('failed', 'delivered')).toBe(false)
	expect(advancesStatus('skipped', 'sent')).toBe(false)
})

test('STOP and its cousins opt out, START opts back in, anything else is a reply for staff', () => {
	for (const text of ['STOP', 'stop', ' Stop. ', 'unsubscribe', 'STOP ALL']) expect(replyIntent(text), text).toBe('stop')
	expect(replyIntent('start')).toBe('start')
	expect(replyIntent('please stop by the hotel')).toBeNull()
})
