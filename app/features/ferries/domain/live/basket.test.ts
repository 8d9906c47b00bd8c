import { expect, test } from 'vitest'
import { type BasketLeg, basketLegProblem, basketRoute, maxBasketLegs, nextLegStart } from './basket.ts'

const party = { adults: 2, infants: 0 }
const out: BasketLeg = { from: 'port-blair', to: 'havelock', date: '2031-01-10', departs: '06:30', arrives: '08:00' }

test('a leg follows the basket: from where the last leg arrives, on its day or later, after it arrives, for the same travellers', () => {
	expect(basketLegProblem([], party, { from: 'neil', to: 'havelock', date: '2031-01-01', ...party })).toBeNull()
	expect(basketLegProblem([out], party, { from: 'havelock', to: 'port-blair', date: '2031-01-12', ...party })).toBeNull()
	expect(basketLegProblem([out], party, { from: 'havelock', to: 'neil', date: '2031-01-10', departs: '09:00', ...party })).toBeNull()
	expect(basketLegProblem([out], party, { from: 'neil', to: 'port-blair', date: '2031-01-12', ...party })).toMatch(/Leg 2 must sail from Havelock/)
	expect(basketLegProblem([out], party, { from: 'havelock', to: 'port-blair', date: '2031-01-09', ...party })).toMatch(/Leg 2 must sail on .* or later/)
	expect(basketLegProblem([out], party, { from: 'havelock', to: 'neil', date: '2031-01-10', departs: '07:45', ...party })).toMatch(
		/before leg 1 arrives at 08:00/,
	)
	expect(basketLegProblem([out], party, { from: 'havelock', to: 'neil', date: '2031-01-11', adults: 3, infants: 0 })).toMatch(/same travellers/)
	const four = Array.from({ length: maxBasketLegs }, () => out)
	expect(basketLegProblem(four, party, { from: 'havelock', to: 'neil', date: '2031-01-11', ...party })).toMatch(/up to 4 ferry legs/)
})

test('the next leg starts where the last one ends; the route names every island in order', () => {
	expect(nextLegStart([])).toBeNull()
	expect(nextLegStart([out])).toEqual({ from: 'havelock', date: '2031-01-10' })
	expect(basketRoute([out, { ...out, from: 'havelock', to: 'neil' }, { ...out, from: 'neil', to: 'port-blair' }])).toBe(
		'Port Blair (Sri Vijaya Puram) → Havelock (Swaraj Dweep) → Neil (Shaheed Dweep) → Port Blair (Sri Vijaya Puram)',
	)
})
