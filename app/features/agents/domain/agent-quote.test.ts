import { expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { agentQuoteExpiry, agentQuoteStatus, clientBrandOf, clientQuoteFilename, clientQuoteStanding } from './agent-quote.ts'

const now = new Date('2026-03-01T10:00:00.000Z')

test('a quote holds for 72 hours, then reads as expired; an accepted quote stays accepted', () => {
	const expires = agentQuoteExpiry(now)
	expect(expires).toBe('2026-03-04T10:00:00.000Z')
	expect(agentQuoteStatus({ status: 'held', expires_at: expires }, new Date('2026-03-04T09:59:59.000Z'))).toBe('held')
	expect(agentQuoteStatus({ status: 'held', expires_at: expires }, new Date('2026-03-04T10:00:00.000Z'))).toBe('expired')
	expect(agentQuoteStatus({ status: 'accepted', expires_at: expires }, new Date('2026-04-01T00:00:00.000Z'))).toBe('accepted')
	expect(agentQuoteStatus({ status: 'withdrawn', expires_at: expires }, now)).toBe('withdrawn')
})

test('the client sees the agency’s brand, its company name when it set none, and our name only when it chose to show it', () => {
	const agency = {
		company: 'Blue Lagoon Travels Pvt Ltd',
		brand_name: 'Blue Lagoon',
		brand_logo_media_id: null,
		brand_address: 'Delhi',
		brand_phone: '+919811100000',
		brand_email: 'hello@bluelagoon.example',
		brand_show_ours: 0,
	}
	expect(clientBrandOf(agency, 'Andaman Isles Travel')).toMatchObject({ name: 'Blue Lagoon', ours: null })
	expect(clientBrandOf({ ...agency, brand_name: ' ', brand_show_ours: 1 }, 'Andaman Isles Travel')).toMatchObject({
		name: 'Blue Lagoon Travels Pvt Ltd',
		ours: 'Andaman Isles Travel',
	})
})

test('the client’s quote says where it stands, in words the page and the PDF share, and its PDF has a readable file name', () => {
	const quote = { expiresAt: '2026-03-04T10:00:00.000Z', booking: null, brand: { name: 'Blue Lagoon' } }
	expect(clientQuoteStanding({ ...quote, status: 'held' })).toBe('This price is held until 4 Mar 2026, 3:30 pm.')
	expect(clientQuoteStanding({ ...quote, status: 'expired' })).toBe('This quote has expired. Ask Blue Lagoon for a fresh one.')
	expect(clientQuoteStanding({ ...quote, status: 'withdrawn' })).toBe('Blue Lagoon withdrew this quote. Ask them for a fresh one.')
	expect(clientQuoteStanding({ ...quote, status: 'accepted', booking: { reference: 'BK-1234', confirmed: false } })).toBe(
		'You accepted this quote: booking BK-1234, being confirmed.',
	)
	const startDate = addDays(todayInIndia(), 40)
	expect(clientQuoteFilename({ title: 'Havelock & Neil: 5 Nights!', startDate })).toBe(`quote-havelock-neil-5-nights-${startDate}.pdf`)
})
