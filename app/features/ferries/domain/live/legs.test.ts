import { expect, test } from 'vitest'
import { passengerOfTraveller } from './legs.ts'

const traveller = { name: 'Meera Iyer', age: 29, gender: 'female', idType: 'aadhaar', idNumber: '1234 5678 9012', passportExpiry: null }

test('a booking traveller who wrote "India" goes to the operator as an Indian passenger, not a foreign national', () => {
	expect(passengerOfTraveller({ ...traveller, nationality: 'India' }).nationality).toBe('indian')
	expect(passengerOfTraveller({ ...traveller, nationality: ' Indian ' }).nationality).toBe('indian')
})

test('anyone else travels as a foreign national of the country they named', () => {
	const passenger = passengerOfTraveller({ ...traveller, nationality: 'German', idType: 'passport', idNumber: 'C01X00T47', passportExpiry: '2030-05-01' })
	expect(passenger.nationality).toBe('foreign')
})
