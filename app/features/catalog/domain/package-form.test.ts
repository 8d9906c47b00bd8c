import { expect, test } from 'vitest'
import { parsePackageForm, slugify } from './package-form.ts'

const valid: Record<string, string> = {
	title: 'Port Blair and Havelock Escape: 3 Nights',
	slug: '',
	category: 'budget',
	status: 'draft',
	summary: 'Two nights on Havelock for Radhanagar beach and one night in Port Blair for the Cellular Jail show.',
	stayIsland1: 'port-blair',
	stayNights1: '1',
	stayIsland2: 'havelock',
	stayNights2: '2',
	dayTitle1: 'Arrival and Cellular Jail',
	dayIsland1: 'port-blair',
	dayText1: 'Pick-up at the airport, Corbyn’s Cove and the evening light and sound show.',
	dayTitle2: 'Ferry to Havelock',
	dayIsland2: 'havelock',
	dayText2: 'Morning catamaran to Havelock, afternoon at Radhanagar beach for the sunset.',
	dayTitle3: 'Elephant Beach',
	dayIsland3: 'havelock',
	dayText3: 'Boat to Elephant Beach for snorkelling over the reef, optional sea walk.',
	dayTitle4: 'Back and departure',
	dayIsland4: 'port-blair',
	dayText4: 'Ferry back to Port Blair in the morning and transfer to the airport.',
	highlights: 'Radhanagar sunset\nElephant Beach snorkelling',
	inclusions: '3 nights with breakfast\nFerry tickets',
	exclusions: 'Flights',
	image: '/images/radhanagar-beach.jpg',
	imageAlt: 'Radhanagar beach at sunset with palm trees',
}

test('a complete form becomes a package, with the slug made from the title', () => {
	const result = parsePackageForm(valid)
	expect(result.ok).toBe(true)
	if (!result.ok) return
	expect(result.value.slug).toBe('port-blair-and-havelock-escape-3-nights')
	expect(result.value.stays).toEqual([
		{ island: 'port-blair', nights: 1 },
		{ island: 'havelock', nights: 2 },
	])
	expect(result.value.days).toHaveLength(4)
	expect(result.value.prices).toEqual({ standard: null, deluxe: null, premium: null })
})

test('days must match the nights and trips start in Port Blair', () => {
	const result = parsePackageForm({ ...valid, stayIsland1: 'havelock', dayTitle4: '', dayText4: '' })
	expect(result.ok).toBe(false)
	if (result.ok) return
	expect(result.errors.stayIsland1).toMatch(/start in Port Blair/)
	expect(result.errors.dayTitle1).toMatch(/make 4 days/)
})

test('every missing field is named with what to do', () => {
	const result = parsePackageForm({})
	expect(result.ok).toBe(false)
	if (result.ok) return
	expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(['title', 'category', 'status', 'summary', 'image', 'stayIsland1']))
})

test('slugs are plain ASCII', () => {
	expect(slugify('Neil & Havelock: 5 Nights!')).toBe('neil-havelock-5-nights')
})
