import { expect, test } from 'vitest'
import { builderTripOf } from './builder-trip.ts'

const snapshot = {
	config: {
		start: '2027-02-10',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
		],
		tier: 'deluxe',
		meal: 'CP',
		adults: 2,
		childAges: [],
		infants: 0,
		rooms: 1,
		activities: ['scuba'],
		ferry: '',
		ferryClass: '',
		transfers: 'airport-and-jetty',
	},
	query: 'start=2027-02-10&island1=port-blair&nights1=1',
	pricedOn: '2026-11-27',
	price: { ok: true, total: 61_350_00, perPerson: 30_675_00, payingTravellers: 2, lines: [] },
}

test('a builder snapshot reads as a trip: islands and nights in order, hotels, meals, cars and the price shown', () => {
	expect(builderTripOf(snapshot)).toEqual({
		stays: [
			{ island: 'Port Blair (Sri Vijaya Puram)', nights: 1 },
			{ island: 'Havelock (Swaraj Dweep)', nights: 2 },
			{ island: 'Neil (Shaheed Dweep)', nights: 1 },
		],
		nights: 4,
		hotels: 'Deluxe (3 star)',
		meals: 'Breakfast (CP)',
		cars: 'Airport and jetty transfers',
		activities: 1,
		price: { total: 61_350_00, perPerson: 30_675_00, payingTravellers: 2 },
		problems: [],
		pricedOn: '2026-11-27',
		builderPath: '/builder?start=2027-02-10&island1=port-blair&nights1=1',
	})
})

test('a trip the builder could not price says why; an older or broken snapshot keeps what it can', () => {
	expect(builderTripOf({ ...snapshot, price: { ok: false, problems: ['We have no prices yet for those dates.'] } })).toMatchObject({
		price: null,
		problems: ['We have no prices yet for those dates.'],
	})
	expect(builderTripOf({ config: { stays: 'x', tier: 'gold' } })).toMatchObject({ stays: [], nights: 0, hotels: null, price: null, builderPath: null })
	expect(builderTripOf(null)).toBeNull()
	expect(builderTripOf('text')).toBeNull()
})
