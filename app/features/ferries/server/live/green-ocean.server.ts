import { createHash } from 'node:crypto'
import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import { type FerryOperatorAdapter, OperatorError, type Sailing } from '~/features/ferries/domain/live/operator.ts'
import { clockTime, ddmmyyyy, rupeesToPaise } from '~/features/ferries/domain/live/pricing.ts'
import { z } from '~/lib/zod.ts'
import { callOperator, decodeKey, encodeKey } from './http.server.ts'

/**
 * Green Ocean Seaways: a public key and, on every call, `hash_string` = SHA-512 (hex) of the call's
 * parameters joined with `|`, then the public key and the private key. Islands 1 Port Blair, 2 Havelock,
 * 3 Neil; dates dd-mm-yyyy; a seat layout per class; a temporary seat block; book → PNR and a base64 PDF.
 */
export type GreenOceanConfig = { baseUrl: string; publicKey: string; privateKey: string }

const locations: Record<FerryIsland, number> = { 'port-blair': 1, havelock: 2, neil: 3 }

/** The documented hash: the parameters in order, the public key, the private key, joined by `|`. Arrays are joined by `,`. */
export function greenOceanHash(parts: Array<string | number | Array<string | number>>, publicKey: string, privateKey: string): string {
	const text = [...parts.map((part) => (Array.isArray(part) ? part.join(',') : String(part))), publicKey, privateKey].join('|')
	return createHash('sha512').update(text, 'utf8').digest('hex')
}

const failure = z.object({ status: z.literal('error'), message: z.string().default('') })
const routeSchema = z.union([
	z.object({
		status: z.literal('success'),
		data: z
			.record(
				z.string(),
				z.array(
					z.object({
						departure: z.string(),
						arrival: z.string(),
						ferry_name: z.string(),
						ferry_id: z.coerce.number(),
						class_name: z.string(),
						class_id: z.coerce.number(),
						route_id: z.coerce.number(),
						seat_available: z.coerce.number(),
						adult_seat_rate: z.coerce.number(),
						infant_seat_rate: z.coerce.number().default(0),
						port_fee: z.coerce.number().default(0),
						port_fee_infant: z.coerce.number().default(0),
						port_fee_status: z.coerce.number().default(0),
						is_port_fee_included: z.coerce.number().default(0),
						gst_status: z.coerce.number().default(0),
						cgst: z.coerce.number().default(0),
						ugst: z.coerce.number().default(0),
					}),
				),
			)
			.or(z.array(z.never()))
			.default({}),
	}),
	failure,
])
const layoutSchema = z.union([
	z.object({
		status: z.literal('success'),
		data: z.object({ layout: z.array(z.object({ seat_no: z.coerce.string(), seat_numbering: z.string(), status: z.string() })) }),
	}),
	failure,
])
const blockSchema = z.union([z.object({ status: z.literal('success'), message: z.string().optional() }), failure])
const bookSchema = z.union([
	z.object({ status: z.literal('success'), pnr: z.string().min(1), total_amount: z.coerce.number().optional(), pdf_base64: z.string().optional() }),
	failure,
])
const keySchema = z.object({ routeId: z.number(), ferryId: z.number(), date: z.string(), from: z.number(), to: z.number() })

function failed(call: string, message: string): OperatorError {
	const kind = /hash|key|auth/i.test(message)
		? 'refused'
		: /expire/i.test(message)
			? 'hold-expired'
			: /book|avail|block|sold/i.test(message)
				? 'sold-out'
				: 'malformed'
	return new OperatorError('green-ocean', kind, `${call}: ${message.slice(0, 120)}`)
}

export function greenOceanAdapter(config: GreenOceanConfig): FerryOperatorAdapter {
	const url = (call: string) => new URL(call, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`).toString()
	const hash = (parts: Parameters<typeof greenOceanHash>[0]) => greenOceanHash(parts, config.publicKey, config.privateKey)
	const signed = (parts: Parameters<typeof greenOceanHash>[0]) => ({ public_key: config.publicKey, hash_string: hash(parts) })

	return {
		operator: 'green-ocean',
		async search(query, signal) {
			const from = locations[query.from]
			const to = locations[query.to]
			const date = ddmmyyyy(query.date)
			const body = {
				from_id: from,
				dest_to: to,
				number_of_adults: query.adults,
				number_of_infants: query.infants,
				travel_date: date,
				...signed([from, to, query.adults, query.infants, date]),
			}
			const answer = await callOperator('green-ocean', url('route-details'), { body, signal }, routeSchema)
			if (answer.status === 'error') throw failed('route-details', answer.message)
			const byFerry = new Map<string, Sailing>()
			for (const rows of Object.values(answer.data)) {
				for (const row of rows) {
					const departs = clockTime(row.departure)
					const arrives = clockTime(row.arrival)
					if (!departs || !arrives) throw new OperatorError('green-ocean', 'malformed', 'route-details: a sailing without a valid time')
					const key = encodeKey('green-ocean', { routeId: row.route_id, ferryId: row.ferry_id, date: query.date, from, to })
					const sailing = byFerry.get(key) ?? {
						operator: 'green-ocean',
						key,
						vessel: row.ferry_name,
						from: query.from,
						to: query.to,
						date: query.date,
						departs,
						arrives,
						classes: [],
					}
					const portFee = row.port_fee_status === 1 && row.is_port_fee_included === 0 ? row.port_fee : 0
					const gst = row.gst_status === 1 ? (row.adult_seat_rate * (row.cgst + row.ugst)) / 100 : 0
					sailing.classes.push({
						code: String(row.class_id),
						name: row.class_name,
						seatsLeft: row.seat_available,
						fare: { base: rupeesToPaise(row.adult_seat_rate), portFee: rupeesToPaise(portFee), gst: rupeesToPaise(gst) },
						infantFare: rupeesToPaise(row.infant_seat_rate + (row.port_fee_status === 1 ? row.port_fee_infant : 0)),
						seatChoice: true,
					})
					byFerry.set(key, sailing)
				}
			}
			return [...byFerry.values()]
		},
		async seatLayout(sailing, classCode, signal) {
			const ids = decodeKey('green-ocean', sailing.key, keySchema)
			const date = ddmmyyyy(ids.date)
			const body = {
				route_id: ids.routeId,
				ferry_id: ids.ferryId,
				class_id: Number(classCode),
				travel_date: date,
				from_id: ids.from,
				dest_to: ids.to,
				bootstrap_css: false,
				html_response: false,
				...signed([ids.from, ids.to, ids.ferryId, ids.routeId, Number(classCode), date]),
			}
			const answer = await callOperator('green-ocean', url('seat-layout'), { body, signal }, layoutSchema)
			if (answer.status === 'error') throw failed('seat-layout', answer.message)
			return answer.data.layout.map((seat) => ({ id: seat.seat_no, label: seat.seat_numbering, available: seat.status === 'available' }))
		},
		async hold(request, signal) {
			const ids = decodeKey('green-ocean', request.sailing.key, keySchema)
			const date = ddmmyyyy(ids.date)
			const seatIds = request.seats.map(Number)
			const body = {
				ship_id: ids.ferryId,
				from_id: ids.from,
				dest_to: ids.to,
				route_id: ids.routeId,
				class_id: Number(request.classCode),
				travel_date: date,
				seat_id: seatIds,
				...signed([ids.ferryId, ids.from, ids.to, ids.routeId, Number(request.classCode), date, seatIds]),
			}
			const answer = await callOperator('green-ocean', url('temporary-seat-block'), { body, signal }, blockSchema)
			if (answer.status === 'error') throw failed('temporary-seat-block', answer.message)
			return { ref: seatIds.join(',') }
		},
		async book(request, signal) {
			const ids = decodeKey('green-ocean', request.sailing.key, keySchema)
			const date = ddmmyyyy(ids.date)
			const seatIds = request.seats.map(Number)
			const adults = request.passengers.filter((p) => p.age >= 2)
			const infants = request.passengers.filter((p) => p.age < 2)
			const classId = Number(request.classCode)
			const body = {
				ship_id: ids.ferryId,
				from_id: ids.from,
				dest_to: ids.to,
				route_id: ids.routeId,
				class_id: classId,
				number_of_adults: adults.length,
				number_of_infants: infants.length,
				passenger_prefix: adults.map((p) => (p.gender === 'female' ? 'Ms' : 'Mr')),
				passenger_name: adults.map((p) => p.name),
				passenger_age: adults.map((p) => String(p.age)),
				gender: adults.map((p) => (p.gender === 'female' ? 'Female' : 'Male')),
				nationality: adults.map((p) => (p.nationality === 'indian' ? 'Indian' : 'Foreigner')),
				passport_numb: adults.map((p) => (p.nationality === 'foreign' ? p.idNumber : '')),
				passport_expairy: adults.map((p) => (p.nationality === 'foreign' && p.passportExpiry ? ddmmyyyy(p.passportExpiry) : '')),
				country: adults.map((p) => (p.nationality === 'foreign' ? (p.country ?? '') : '')),
				infant_prefix: infants.map(() => 'Master'),
				infant_name: infants.map((p) => p.name),
				infant_age: infants.map((p) => String(p.age)),
				infant_gender: infants.map((p) => (p.gender === 'female' ? 'Female' : 'Male')),
				travel_date: date,
				seat_id: seatIds,
				...signed([ids.ferryId, ids.from, ids.to, ids.routeId, classId, adults.length, infants.length, date, seatIds]),
			}
			const answer = await callOperator('green-ocean', url('book-ticket'), { body, signal }, bookSchema)
			if (answer.status === 'error') throw failed('book-ticket', answer.message)
			return {
				pnr: answer.pnr,
				operatorTotal: answer.total_amount === undefined ? null : rupeesToPaise(answer.total_amount),
				pdfBase64: answer.pdf_base64 ?? null,
			}
		},
		async cancel() {
			throw new OperatorError('green-ocean', 'unsupported', 'Green Ocean cancellations are made on its agent portal')
		},
	}
}
