import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import { type FerryOperatorAdapter, OperatorError, type Sailing, type SailingClass, type Seat } from '~/features/ferries/domain/live/operator.ts'
import { clockTime, ddmmyyyy, rupeesToPaise } from '~/features/ferries/domain/live/pricing.ts'
import { z } from '~/lib/zod.ts'
import { callOperator, decodeKey, encodeKey } from './http.server.ts'

/**
 * Sealink Adventures (Sealink and Nautika vessels): user name + token in every body, dates dd-mm-yyyy,
 * islands by name, two tiers (L Luxury from `pClass`, R Royal from `bClass`) with their seats in the trip
 * data. No temporary block: a hold is ours alone and the seats are re-read from the trip data first.
 */
export type SealinkConfig = { baseUrl: string; userName: string; token: string; agency: string }

const islandNames: Record<FerryIsland, string> = { 'port-blair': 'Port Blair', havelock: 'Swaraj Dweep', neil: 'Shaheed Dweep' }
const vessels: Record<number, string> = { 1: 'Sealink', 2: 'Nautika' }
const tiers = { L: { name: 'Luxury', seats: 'pClass', fare: 'pBaseFare' }, R: { name: 'Royal', seats: 'bClass', fare: 'bBaseFare' } } as const

const seatSchema = z.object({ number: z.string(), tier: z.string(), isBlocked: z.coerce.number(), isBooked: z.coerce.number() })
const timeSchema = z.object({ hour: z.number(), minute: z.number() })
const tripSchema = z.object({
	id: z.string(),
	tripId: z.number(),
	vesselID: z.number(),
	dTime: timeSchema,
	aTime: timeSchema,
	pClass: z.array(seatSchema).default([]),
	bClass: z.array(seatSchema).default([]),
	fares: z.object({ pBaseFare: z.number(), bBaseFare: z.number(), infantFare: z.number().default(0) }),
})
const tripDataSchema = z.object({ err: z.unknown().nullable().optional(), data: z.array(tripSchema).nullable().optional() })
const bookSchema = z.array(z.object({ seatStatus: z.boolean(), pnr: z.string().nullable().optional(), err: z.unknown().optional() }))
const keySchema = z.object({ id: z.string(), tripId: z.number(), vesselID: z.number(), from: z.string(), to: z.string(), date: z.string() })

export function sealinkAdapter(config: SealinkConfig): FerryOperatorAdapter {
	const url = (call: string) => new URL(call, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`).toString()
	const auth = { userName: config.userName, token: config.token }

	async function trips(date: string, from: FerryIsland, to: FerryIsland, signal: AbortSignal) {
		const answer = await callOperator(
			'sealink',
			url('getTripData'),
			{ body: { date: ddmmyyyy(date), from: islandNames[from], to: islandNames[to], ...auth }, signal },
			tripDataSchema,
		)
		if (answer.err) {
			const text = typeof answer.err === 'string' ? answer.err : JSON.stringify(answer.err)
			throw new OperatorError('sealink', /token|user|auth/i.test(text) ? 'refused' : 'malformed', `getTripData: ${text.slice(0, 120)}`)
		}
		return answer.data ?? []
	}

	function toSailing(trip: z.infer<typeof tripSchema>, from: FerryIsland, to: FerryIsland, date: string): Sailing {
		const departs = clockTime(trip.dTime)
		const arrives = clockTime(trip.aTime)
		if (!departs || !arrives) throw new OperatorError('sealink', 'malformed', 'getTripData: a sailing without a valid time')
		const classes: SailingClass[] = (Object.keys(tiers) as Array<keyof typeof tiers>)
			.filter((code) => trip[tiers[code].seats].length > 0)
			.map((code) => ({
				code,
				name: tiers[code].name,
				seatsLeft: trip[tiers[code].seats].filter((seat) => !seat.isBlocked && !seat.isBooked).length,
				fare: { base: rupeesToPaise(trip.fares[tiers[code].fare]), portFee: 0, gst: 0 },
				infantFare: rupeesToPaise(trip.fares.infantFare),
				seatChoice: true,
			}))
		return {
			operator: 'sealink',
			key: encodeKey('sealink', { id: trip.id, tripId: trip.tripId, vesselID: trip.vesselID, from, to, date }),
			vessel: vessels[trip.vesselID] ?? `Vessel ${trip.vesselID}`,
			from,
			to,
			date,
			departs,
			arrives,
			classes,
		}
	}

	async function findTrip(sailing: Sailing, signal: AbortSignal) {
		const ids = decodeKey('sealink', sailing.key, keySchema)
		const trip = (await trips(ids.date, ids.from as FerryIsland, ids.to as FerryIsland, signal)).find((candidate) => candidate.id === ids.id)
		if (!trip) throw new OperatorError('sealink', 'sold-out', 'the sailing is no longer offered')
		return { ids, trip }
	}

	const seatsOf = (trip: z.infer<typeof tripSchema>, classCode: string): Seat[] => {
		const tier = tiers[classCode as keyof typeof tiers]
		if (!tier) throw new OperatorError('sealink', 'malformed', `no class ${classCode}`)
		return trip[tier.seats].map((seat) => ({ id: seat.number, label: seat.number, available: !seat.isBlocked && !seat.isBooked }))
	}

	return {
		operator: 'sealink',
		async search(query, signal) {
			return (await trips(query.date, query.from, query.to, signal)).map((trip) => toSailing(trip, query.from, query.to, query.date))
		},
		async seatLayout(sailing, classCode, signal) {
			return seatsOf((await findTrip(sailing, signal)).trip, classCode)
		},
		async hold(request, signal) {
			const free = new Set(
				seatsOf((await findTrip(request.sailing, signal)).trip, request.classCode)
					.filter((seat) => seat.available)
					.map((seat) => seat.id),
			)
			if (!request.seats.every((seat) => free.has(seat))) throw new OperatorError('sealink', 'sold-out', 'a chosen seat was booked meanwhile')
			return { ref: null }
		},
		async book(request, signal) {
			const ids = decodeKey('sealink', request.sailing.key, keySchema)
			const adults = request.passengers.filter((passenger) => passenger.age >= 2)
			const infants = request.passengers.filter((passenger) => passenger.age < 2)
			const body = [
				{
					id: ids.id,
					tripId: ids.tripId,
					vesselID: ids.vesselID,
					from: islandNames[ids.from as FerryIsland],
					to: islandNames[ids.to as FerryIsland],
					bookingTS: Math.floor(Date.now() / 1000),
					paxDetail: {
						email: request.contact.email,
						phone: request.contact.phone,
						gstin: '',
						pax: adults.map((passenger, i) => ({
							name: passenger.name,
							age: passenger.age,
							gender: passenger.gender === 'female' ? 'F' : 'M',
							nationality: passenger.nationality === 'indian' ? 'Indian' : (passenger.country ?? 'Foreign'),
							photoId: passenger.idType,
							expiry: passenger.passportExpiry ? ddmmyyyy(passenger.passportExpiry) : '',
							seat: request.seats[i] ?? '',
							tier: request.classCode,
						})),
						infantPax: infants.map((passenger) => ({
							name: passenger.name,
							age: passenger.age,
							gender: passenger.gender === 'female' ? 'F' : 'M',
							nationality: passenger.nationality === 'indian' ? 'Indian' : (passenger.country ?? 'Foreign'),
						})),
					},
					userData: { apiUser: { userName: config.userName, agency: config.agency, token: config.token, walletBalance: 0 } },
					paymentData: { gstin: '' },
					token: config.token,
					userName: config.userName,
					// Sealink keeps no idempotency key of its own; ours travels as the booking's reference.
					reference: request.idempotencyKey,
				},
			]
			const answer = await callOperator('sealink', url('bookSeats'), { body, signal }, bookSchema)
			const first = answer[0]
			if (!first) throw new OperatorError('sealink', 'malformed', 'bookSeats: an empty answer')
			if (!first.seatStatus || !first.pnr) throw new OperatorError('sealink', 'sold-out', 'bookSeats: the seats are no longer free')
			return { pnr: first.pnr, operatorTotal: null, pdfBase64: null }
		},
		async cancel() {
			throw new OperatorError('sealink', 'unsupported', 'Sealink cancellations are made on its agent portal')
		},
	}
}
