import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import { type FerryOperatorAdapter, OperatorError } from '~/features/ferries/domain/live/operator.ts'
import { clockTime, rupeesToPaise } from '~/features/ferries/domain/live/pricing.ts'
import { z } from '~/lib/zod.ts'
import { callOperator, decodeKey, encodeKey } from './http.server.ts'

/**
 * Makruzz (Makruzz and Makruzz Gold): user name + password → a token sent as `Mak_Authorization`;
 * sectors by id (1 Port Blair, 2 Havelock, 3 Neil); dates yyyy-mm-dd; schedule search returns one row per
 * class with seats left, the fare, CGST/UGST amounts and the port fee (psf). Seats are assigned by Makruzz:
 * no seat map; a booking is savePassengers → confirm_booking → PNR.
 */
export type MakruzzConfig = { baseUrl: string; username: string; password: string }

const sectors: Record<FerryIsland, string> = { 'port-blair': '1', havelock: '2', neil: '3' }
const envelope = <T extends z.ZodType>(data: T) => z.object({ data: data.nullable().optional(), msg: z.string().optional(), code: z.coerce.string() })
const loginSchema = envelope(z.object({ token: z.string().min(1) }))
const scheduleSchema = envelope(
	z.array(
		z.object({
			id: z.coerce.string(),
			class_id: z.coerce.string().optional(),
			departure_time: z.string(),
			arrival_time: z.string(),
			ship_title: z.string(),
			ship_class_title: z.string(),
			ship_class_price: z.coerce.number(),
			seat: z.coerce.number(),
			cgst_amount: z.coerce.number().default(0),
			ugst_amount: z.coerce.number().default(0),
			psf: z.coerce.number().default(0),
		}),
	),
)
const saveSchema = envelope(z.object({ booking_id: z.coerce.string() }))
const confirmSchema = envelope(z.object({ pnr: z.string().min(1) }))
const keySchema = z.object({ scheduleId: z.string(), classId: z.string(), date: z.string(), fare: z.number() })

export function makruzzAdapter(config: MakruzzConfig): FerryOperatorAdapter {
	const url = (call: string) => new URL(call, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`).toString()
	let token: string | null = null

	async function login(signal: AbortSignal) {
		const answer = await callOperator(
			'makruzz',
			url('login'),
			{ body: { data: { username: config.username, password: config.password } }, signal },
			loginSchema,
		)
		if (answer.code !== '200' || !answer.data) throw new OperatorError('makruzz', 'refused', `login: ${answer.msg ?? answer.code}`)
		token = answer.data.token
		return token
	}

	/** A call with the token; a token Makruzz no longer takes is renewed once. */
	async function call<T extends { code: string; msg?: string }>(name: string, body: unknown, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
		for (let attempt = 0; attempt < 2; attempt++) {
			const current = token ?? (await login(signal))
			try {
				const answer = await callOperator('makruzz', url(name), { body, headers: { Mak_Authorization: current }, signal }, schema)
				if (answer.code === '401') throw new OperatorError('makruzz', 'refused', `${name}: ${answer.msg ?? 'token refused'}`)
				return answer
			} catch (error) {
				if (!(error instanceof OperatorError) || error.kind !== 'refused' || attempt > 0) throw error
				token = null
			}
		}
		throw new OperatorError('makruzz', 'refused', `${name}: token refused`)
	}

	return {
		operator: 'makruzz',
		async search(query, signal) {
			const answer = await call(
				'schedule_search',
				{
					data: {
						trip_type: 'single_trip',
						from_location: sectors[query.from],
						to_location: sectors[query.to],
						travel_date: query.date,
						no_of_passenger: String(query.adults),
					},
				},
				scheduleSchema,
				signal,
			)
			if (answer.code !== '200') return []
			return (answer.data ?? []).map((row) => {
				const departs = clockTime(row.departure_time)
				const arrives = clockTime(row.arrival_time)
				if (!departs || !arrives) throw new OperatorError('makruzz', 'malformed', 'schedule_search: a sailing without a valid time')
				const classId = row.class_id ?? row.ship_class_title
				return {
					operator: 'makruzz' as const,
					key: encodeKey('makruzz', { scheduleId: row.id, classId, date: query.date, fare: row.ship_class_price }),
					vessel: row.ship_title,
					from: query.from,
					to: query.to,
					date: query.date,
					departs,
					arrives,
					classes: [
						{
							code: classId,
							name: row.ship_class_title,
							seatsLeft: row.seat,
							fare: { base: rupeesToPaise(row.ship_class_price), portFee: rupeesToPaise(row.psf), gst: rupeesToPaise(row.cgst_amount + row.ugst_amount) },
							infantFare: 0,
							seatChoice: false,
						},
					],
				}
			})
		},
		async seatLayout() {
			return []
		},
		async hold(request, signal) {
			// No block at Makruzz: the seats left are re-read and must still cover the party.
			const sailings = await this.search(
				{ from: request.sailing.from, to: request.sailing.to, date: request.sailing.date, adults: request.adults, infants: request.infants },
				signal,
			)
			const same = sailings.find((sailing) => sailing.key === request.sailing.key)
			const left = same?.classes.find((cls) => cls.code === request.classCode)?.seatsLeft ?? 0
			if (left < request.adults) throw new OperatorError('makruzz', 'sold-out', `only ${left} seats left`)
			return { ref: null }
		},
		async book(request, signal) {
			const ids = decodeKey('makruzz', request.sailing.key, keySchema)
			const passenger = Object.fromEntries(
				request.passengers.map((p, i) => [
					String(i + 1),
					{
						title: p.gender === 'female' ? 'MS' : 'MR',
						name: p.name,
						age: String(p.age),
						sex: p.gender,
						nationality: p.nationality,
						fcountry: p.nationality === 'foreign' ? (p.country ?? '') : '',
						fpassport: p.nationality === 'foreign' ? p.idNumber : '',
						fexpdate: p.nationality === 'foreign' ? (p.passportExpiry ?? '') : '',
					},
				]),
			)
			const saved = await call(
				'savePassengers',
				{
					data: {
						passenger,
						c_name: request.contact.name,
						c_mobile: request.contact.phone,
						c_email: request.contact.email,
						p_contact: request.contact.phone,
						c_remark: request.idempotencyKey,
						no_of_passenger: String(request.passengers.length),
						schedule_id: ids.scheduleId,
						travel_date: ids.date,
						class_id: ids.classId,
						fare: String(ids.fare),
						tc_check: true,
					},
				},
				saveSchema,
				signal,
			)
			if (saved.code !== '200' || !saved.data)
				throw new OperatorError('makruzz', /seat|full|avail/i.test(saved.msg ?? '') ? 'sold-out' : 'malformed', `savePassengers: ${saved.msg ?? saved.code}`)
			const confirmed = await call('confirm_booking', { data: { booking_id: saved.data.booking_id } }, confirmSchema, signal)
			if (confirmed.code !== '200' || !confirmed.data)
				throw new OperatorError(
					'makruzz',
					/expire/i.test(confirmed.msg ?? '') ? 'hold-expired' : 'sold-out',
					`confirm_booking: ${confirmed.msg ?? confirmed.code}`,
				)
			return { pnr: confirmed.data.pnr, operatorTotal: null, pdfBase64: null }
		},
		async cancel() {
			throw new OperatorError('makruzz', 'unsupported', 'Makruzz cancellations are made on its agent portal')
		},
	}
}
