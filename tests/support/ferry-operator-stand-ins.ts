/**
 * Test-only: local stand-ins for the three private ferry operators' agent booking APIs (the real ones are
 * not reachable from tests), following their documented requests and answers (docs/ferries.md):
 * Sealink (getTripData, bookSeats; user name + token in the body), Makruzz (login → token sent as
 * Mak_Authorization; schedule_search, savePassengers, confirm_booking; {data,msg,code}) and Green Ocean
 * (route-details, seat-layout, temporary-seat-block, book-ticket; SHA-512 hash over the parameters).
 * Each one can be told to fail the ways the real ones do: `hang` (never answers), `fail500`, `malformed`,
 * a seat sold between search and hold (`sell`), an operator block that lapses (`expireBlocks`), and
 * credentials refused (a wrong token or hash is refused as the operator refuses it).
 */
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInState = { hang: boolean; fail500: boolean; malformed: boolean; delayMs: number; expireBlocks: boolean; calls: string[] }
type Handler = (call: string, body: Record<string, unknown>, headers: http.IncomingHttpHeaders) => unknown

function serve(handler: Handler) {
	const state: StandInState = { hang: false, fail500: false, malformed: false, delayMs: 0, expireBlocks: false, calls: [] }
	const hanging = new Set<http.ServerResponse>()
	const server = http.createServer((req, res) => {
		let raw = ''
		req.on('data', (chunk) => (raw += chunk))
		req.on('end', async () => {
			const call = (req.url ?? '/').split('?')[0]!.split('/').filter(Boolean).at(-1) ?? ''
			state.calls.push(call)
			if (state.hang) {
				hanging.add(res)
				return
			}
			if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
			if (state.fail500) {
				res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>')
				return
			}
			if (state.malformed) {
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [{"id": 1, "surprise": true}], "code": "200"}')
				return
			}
			let body: Record<string, unknown> = {}
			try {
				body = raw ? JSON.parse(raw) : {}
			} catch {
				res.writeHead(400).end('bad json')
				return
			}
			const answer = handler(call, body, req.headers)
			if (answer instanceof StatusAnswer) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
			else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
		})
	})
	const listening = new Promise<string>((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)),
	)
	return {
		state,
		/** Resolves to the stand-in's base address (http://127.0.0.1:<port>/). */
		listening,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const res of hanging) res.destroy()
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

class StatusAnswer {
	constructor(
		readonly status: number,
		readonly body: unknown,
	) {}
}

const seatGrid = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`)
let pnrCounter = 0
const nextPnr = (prefix: string) => `${prefix}${String(++pnrCounter).padStart(5, '0')}`

// ——— Sealink ———

export const sealinkCredentials = { userName: 'agent-sealink', token: 'sealink-token-123' }
const sealinkIslands = ['Port Blair', 'Swaraj Dweep', 'Shaheed Dweep']

export function startSealinkStandIn() {
	const booked = new Set<string>()
	const bookings = new Map<string, string>()
	const trips = [
		{ id: 'trip-nautika-0800', tripId: 1001, vesselID: 2, dTime: { hour: 8, minute: 0 }, aTime: { hour: 9, minute: 30 } },
		{ id: 'trip-sealink-1400', tripId: 1002, vesselID: 1, dTime: { hour: 14, minute: 0 }, aTime: { hour: 15, minute: 30 } },
	]
	const seats = (tripId: string, tier: 'L' | 'R', count: number) =>
		seatGrid(tier === 'L' ? '' : 'R', count).map((number) => ({ number, tier, isBlocked: 0, isBooked: booked.has(`${tripId}|${number}`) ? 1 : 0 }))
	const standIn = serve((call, body) => {
		const authorised =
			(body.userName === sealinkCredentials.userName && body.token === sealinkCredentials.token) ||
			(Array.isArray(body) && (body as Array<Record<string, unknown>>)[0]?.token === sealinkCredentials.token)
		if (call === 'getTripData') {
			if (!authorised) return { err: 'Invalid token or userName', data: null }
			if (!/^\d{2}-\d{2}-\d{4}$/.test(String(body.date)) || !sealinkIslands.includes(String(body.from)) || !sealinkIslands.includes(String(body.to)))
				return { err: 'Invalid request', data: null }
			return {
				err: null,
				data: trips.map((trip) => ({
					...trip,
					from: body.from,
					to: body.to,
					pClass: seats(trip.id, 'L', 12),
					bClass: seats(trip.id, 'R', 4),
					fares: { pBaseFare: 1200, bBaseFare: 1500, infantFare: 0 },
				})),
			}
		}
		if (call === 'bookSeats') {
			const request = (body as unknown as Array<Record<string, unknown>>)[0]
			if (!request || request.token !== sealinkCredentials.token) return new StatusAnswer(401, { err: 'Invalid token' })
			const reference = String(request.reference ?? '')
			const already = bookings.get(reference)
			if (already) return [{ seatStatus: true, pnr: already, index: 0 }]
			const pax = ((request.paxDetail as Record<string, unknown>).pax as Array<{ seat: string }>) ?? []
			if (pax.some((p) => booked.has(`${request.id}|${p.seat}`))) return [{ seatStatus: false, pnr: null, index: 0 }]
			for (const p of pax) booked.add(`${request.id}|${p.seat}`)
			const pnr = nextPnr('SL')
			bookings.set(reference, pnr)
			return [{ seatStatus: true, pnr, index: 0 }]
		}
		return new StatusAnswer(404, { err: 'Not found' })
	})
	return { ...standIn, booked, trips, sell: (tripId: string, seat: string) => booked.add(`${tripId}|${seat}`), bookings }
}

// ——— Makruzz ———

export const makruzzCredentials = { username: 'agent-makruzz', password: 'makruzz-password' }

export function startMakruzzStandIn() {
	const tokens = new Set<string>()
	const left = new Map<string, number>([
		['764', 40],
		['765', 6],
	])
	const saved = new Map<string, { schedule: string; count: number }>()
	const byRemark = new Map<string, string>()
	let bookingId = 2700
	const standIn = serve((call, body, headers) => {
		const data = (body.data ?? {}) as Record<string, unknown>
		if (call === 'login') {
			if (data.username !== makruzzCredentials.username || data.password !== makruzzCredentials.password)
				return { data: null, msg: 'Invalid username or password', code: '401' }
			const token = Buffer.from(`${data.username}-${tokens.size + 1}`).toString('base64')
			tokens.add(token)
			return {
				data: {
					token,
					agent_data: { agent_name: 'Stand-in agent', business_name: 'Stand-in', business_email: 'agent@example.com', agent_contact: '9999999999' },
				},
				msg: 'Successfully Login',
				code: '200',
			}
		}
		if (!tokens.has(String(headers['mak_authorization'] ?? ''))) return { data: null, msg: 'Unauthorized token', code: '401' }
		if (call === 'get_sectors')
			return {
				data: [
					{ id: '1', title: 'Port Blair', code: 'PB' },
					{ id: '2', title: 'Havelock', code: 'SW(HL)' },
					{ id: '3', title: 'Neil island', code: 'SH(NL)' },
				],
				msg: 'Sectors Successfully listed',
				code: '200',
			}
		if (call === 'schedule_search') {
			if (!/^\d{4}-\d{2}-\d{2}$/.test(String(data.travel_date))) return { data: null, msg: 'Invalid date', code: '400' }
			const row = (id: string, classId: string, time: [string, string], ship: string, cls: string, price: number) => ({
				id,
				class_id: classId,
				source_location_id: data.from_location,
				destination_location_id: data.to_location,
				departure_time: time[0],
				arrival_time: time[1],
				from_date: '2024-09-01',
				to_date: '2099-06-30',
				ship_title: ship,
				ship_class_title: cls,
				total_seat: '192',
				ship_class_price: String(price),
				seat: left.get(id) ?? 0,
				'cgst%': 9,
				cgst_amount: price * 0.09,
				'ugst%': 9,
				ugst_amount: price * 0.09,
				psf: 50,
				commision: '20.00',
			})
			return {
				data: [
					row('764', '14', ['08:00:00', '09:30:00'], 'Makruzz', 'Premium', 1725),
					row('765', '15', ['11:00:00', '12:30:00'], 'Makruzz Gold', 'Deluxe', 2155.5),
				],
				msg: 'Schedules Successfully Fetched',
				code: '200',
			}
		}
		if (call === 'savePassengers') {
			const remark = String(data.c_remark ?? '')
			const existing = byRemark.get(remark)
			if (existing)
				return {
					data: { booking_id: Number(existing), schedule_id: data.schedule_id, class_id: data.class_id, travel_date: data.travel_date },
					msg: 'Passenger Details Saved',
					code: '200',
				}
			const count = Number(data.no_of_passenger)
			if ((left.get(String(data.schedule_id)) ?? 0) < count) return { data: null, msg: 'Seats not available', code: '400' }
			const id = String(++bookingId)
			saved.set(id, { schedule: String(data.schedule_id), count })
			if (remark) byRemark.set(remark, id)
			return {
				data: { booking_id: Number(id), schedule_id: data.schedule_id, class_id: data.class_id, travel_date: data.travel_date },
				msg: 'Passenger Details Saved',
				code: '200',
			}
		}
		if (call === 'confirm_booking') {
			if (standIn.state.expireBlocks) return { data: null, msg: 'Booking session expired', code: '400' }
			const booking = saved.get(String(data.booking_id))
			if (!booking) return { data: null, msg: 'Invalid booking id', code: '400' }
			const pnr = (booking as { pnr?: string }).pnr ?? nextPnr('MK')
			if (!(booking as { pnr?: string }).pnr) left.set(booking.schedule, (left.get(booking.schedule) ?? 0) - booking.count)
			Object.assign(booking, { pnr })
			return { data: { pnr }, msg: 'PNR Successfully Generated', code: '200' }
		}
		return new StatusAnswer(404, { data: null, msg: 'Not found', code: '404' })
	})
	return { ...standIn, left, tokens }
}

// ——— Green Ocean ———

export const greenOceanCredentials = { publicKey: 'go-public-key', privateKey: 'go-private-key' }
const goHash = (parts: unknown[]) =>
	createHash('sha512')
		.update(
			[...parts.map((part) => (Array.isArray(part) ? part.join(',') : String(part))), greenOceanCredentials.publicKey, greenOceanCredentials.privateKey].join(
				'|',
			),
			'utf8',
		)
		.digest('hex')

export function startGreenOceanStandIn() {
	const booked = new Set<string>()
	const blocks = new Map<string, number>()
	const classes = [
		{ class_id: 1, class_name: 'Economy', rate: 1150, seats: 20 },
		{ class_id: 2, class_name: 'Premium', rate: 1500, seats: 8 },
	]
	const seatKey = (route: unknown, cls: unknown, seat: unknown) => `${route}|${cls}|${seat}`
	const available = (route: unknown, cls: unknown, seat: unknown) =>
		!booked.has(seatKey(route, cls, seat)) && !((blocks.get(seatKey(route, cls, seat)) ?? 0) > Date.now())
	const standIn = serve((call, body) => {
		const refuse = { status: 'error', message: 'Invalid hash string' }
		const checks: Record<string, unknown[]> = {
			'route-details': [body.from_id, body.dest_to, body.number_of_adults, body.number_of_infants, body.travel_date],
			'seat-layout': [body.from_id, body.dest_to, body.ferry_id, body.route_id, body.class_id, body.travel_date],
			'temporary-seat-block': [body.ship_id, body.from_id, body.dest_to, body.route_id, body.class_id, body.travel_date, body.seat_id],
			'book-ticket': [
				body.ship_id,
				body.from_id,
				body.dest_to,
				body.route_id,
				body.class_id,
				body.number_of_adults,
				body.number_of_infants,
				body.travel_date,
				body.seat_id,
			],
		}
		const parts = checks[call]
		if (!parts) return new StatusAnswer(404, { status: 'error', message: 'Not found' })
		if (body.public_key !== greenOceanCredentials.publicKey || body.hash_string !== goHash(parts)) return refuse
		if (call === 'route-details') {
			return {
				status: 'success',
				message: 'available route details',
				data: {
					'7': classes.map((cls) => ({
						departure: '06:30 AM',
						arrival: '08:45 AM',
						ferry_name: 'Green Ocean 1',
						ferry_id: 2,
						class_name: cls.class_name,
						class_id: cls.class_id,
						route_id: 7,
						seat_available: Array.from({ length: cls.seats }, (_, i) => i + 1).filter((seat) => available(7, cls.class_id, seat)).length,
						adult_seat_rate: cls.rate,
						infant_seat_rate: 0,
						port_fee: 50,
						port_fee_infant: 0,
						port_fee_status: 1,
						is_port_fee_included: 0,
						gst_status: 0,
						cgst: 0,
						ugst: 0,
					})),
				},
			}
		}
		if (call === 'seat-layout') {
			const cls = classes.find((candidate) => candidate.class_id === Number(body.class_id))
			if (!cls) return { status: 'error', message: 'Invalid class' }
			return {
				status: 'success',
				message: 'seat layout details',
				data: {
					layout: Array.from({ length: cls.seats }, (_, i) => ({
						seat_no: String(i + 1),
						seat_numbering: `${cls.class_name[0]}${i + 1}`,
						status: available(body.route_id, body.class_id, i + 1) ? 'available' : 'booked',
					})),
				},
			}
		}
		const seatIds = (body.seat_id as number[]) ?? []
		if (call === 'temporary-seat-block') {
			if (seatIds.some((seat) => !available(body.route_id, body.class_id, seat))) return { status: 'error', message: 'Seat already booked' }
			for (const seat of seatIds) blocks.set(seatKey(body.route_id, body.class_id, seat), Date.now() + 10 * 60_000)
			return { status: 'success', message: 'Seat can be booked', seat_fare: [{ agent_commission: 350, seat_rate_adult: 1150, seat_rate_children: 0 }] }
		}
		// book-ticket: the seats must be blocked (by us) and not booked.
		if (standIn.state.expireBlocks || seatIds.some((seat) => !blocks.has(seatKey(body.route_id, body.class_id, seat))))
			return { status: 'error', message: 'Seat block expired, block the seats again' }
		if (seatIds.some((seat) => booked.has(seatKey(body.route_id, body.class_id, seat)))) return { status: 'error', message: 'Seat already booked' }
		for (const seat of seatIds) {
			booked.add(seatKey(body.route_id, body.class_id, seat))
			blocks.delete(seatKey(body.route_id, body.class_id, seat))
		}
		const rate = classes.find((candidate) => candidate.class_id === Number(body.class_id))?.rate ?? 0
		const pnr = nextPnr('GO')
		return {
			status: 'success',
			message: 'Ticket Booked',
			pnr,
			total_amount: (rate + 50) * Number(body.number_of_adults),
			total_commission: 350,
			adult_no: body.number_of_adults,
			infant_no: body.number_of_infants,
			ferry_id: body.ship_id,
			travel_date: body.travel_date,
			pdf_base64: Buffer.from(`%PDF-1.4\n% Green Ocean stand-in ticket ${pnr}\n%%EOF\n`).toString('base64'),
		}
	})
	return { ...standIn, booked, blocks, sell: (classId: number, seat: number) => booked.add(seatKey(7, classId, seat)) }
}

/** All three, for a test file or the bench: the environment variables that point the app at them. */
export async function startFerryStandIns() {
	const sealink = startSealinkStandIn()
	const makruzz = startMakruzzStandIn()
	const greenOcean = startGreenOceanStandIn()
	const [sealinkUrl, makruzzUrl, greenOceanUrl] = await Promise.all([sealink.listening, makruzz.listening, greenOcean.listening])
	return {
		sealink,
		makruzz,
		greenOcean,
		env: (timeoutMs = 1200): Record<string, string> => ({
			NODE_ENV: 'test',
			FERRY_DEMO_OPERATOR: 'false',
			FERRY_SEARCH_TIMEOUT_MS: String(timeoutMs),
			SEALINK_API_URL: sealinkUrl,
			SEALINK_USERNAME: sealinkCredentials.userName,
			SEALINK_TOKEN: sealinkCredentials.token,
			MAKRUZZ_API_URL: makruzzUrl,
			MAKRUZZ_USERNAME: makruzzCredentials.username,
			MAKRUZZ_PASSWORD: makruzzCredentials.password,
			GREEN_OCEAN_API_URL: greenOceanUrl,
			GREEN_OCEAN_PUBLIC_KEY: greenOceanCredentials.publicKey,
			GREEN_OCEAN_PRIVATE_KEY: greenOceanCredentials.privateKey,
		}),
		stop: () => Promise.all([sealink.stop(), makruzz.stop(), greenOcean.stop()]),
	}
}
