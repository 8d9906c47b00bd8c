import { createHash } from 'node:crypto'
import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import { type FerryOperatorAdapter, OperatorError, type Sailing } from '~/features/ferries/domain/live/operator.ts'
import { decodeKey, encodeKey } from './http.server.ts'
import { z } from '~/lib/zod.ts'

/**
 * DEMO OPERATOR: a made-up ferry company for `npm start` on the demo data and the browser tests. It never
 * calls out: its sailings, seats and PNRs are worked out here, the same for the same date. Production never
 * turns it on (operators.server.ts), and every page names it "Demo Ferries (demo data, not a real operator)".
 */
const rows = ['1', '2', '3', '4', '5', '6']
const letters = ['A', 'B', 'C', 'D']
const timetable: Array<{ departs: string; arrives: string; vessel: string }> = [
	{ departs: '07:15', arrives: '08:50', vessel: 'Demo Star' },
	{ departs: '13:45', arrives: '15:20', vessel: 'Demo Breeze' },
]
const classes = [
	{ code: 'E', name: 'Economy', base: 110_000 },
	{ code: 'P', name: 'Premium', base: 145_000 },
]
const keySchema = z.object({ date: z.string(), from: z.string(), to: z.string(), slot: z.number() })

/** Seats the demo "sold" before us: a fixed few per sailing, picked from the sailing's own hash. */
function soldSeats(key: string, classCode: string): Set<string> {
	const digest = createHash('sha256').update(`${key}|${classCode}`).digest()
	const all = rows.flatMap((row) => letters.map((letter) => `${row}${letter}`))
	return new Set([0, 1, 2, 3, 4].map((i) => all[digest[i]! % all.length]!))
}

export function demoAdapter(): FerryOperatorAdapter {
	const seatsOf = (sailing: Pick<Sailing, 'key'>, classCode: string) => {
		if (!classes.some((cls) => cls.code === classCode)) throw new OperatorError('demo', 'malformed', `no class ${classCode}`)
		const sold = soldSeats(sailing.key, classCode)
		return rows.flatMap((row) => letters.map((letter) => ({ id: `${row}${letter}`, label: `${row}${letter}`, available: !sold.has(`${row}${letter}`) })))
	}
	return {
		operator: 'demo',
		async search(query) {
			return timetable.map((slot, i) => {
				const key = encodeKey('demo', { date: query.date, from: query.from, to: query.to, slot: i })
				return {
					operator: 'demo' as const,
					key,
					vessel: slot.vessel,
					from: query.from,
					to: query.to,
					date: query.date,
					departs: slot.departs,
					arrives: slot.arrives,
					classes: classes.map((cls) => ({
						code: cls.code,
						name: cls.name,
						seatsLeft: seatsOf({ key }, cls.code).filter((seat) => seat.available).length,
						fare: { base: cls.base, portFee: 5_000, gst: 0 },
						infantFare: 0,
						seatChoice: true,
					})),
				}
			})
		},
		async seatLayout(sailing, classCode) {
			decodeKey('demo', sailing.key, keySchema)
			return seatsOf(sailing, classCode)
		},
		async hold(request) {
			const free = new Set(
				seatsOf(request.sailing, request.classCode)
					.filter((seat) => seat.available)
					.map((seat) => seat.id),
			)
			if (!request.seats.every((seat) => free.has(seat))) throw new OperatorError('demo', 'sold-out', 'a chosen seat is sold')
			return { ref: null }
		},
		async book(request) {
			const pnr = `DEMO${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 6).toUpperCase()}`
			const pdf = `%PDF-1.4\n% DEMO TICKET, not valid for travel\n% PNR ${pnr}\n%%EOF\n`
			return { pnr, operatorTotal: null, pdfBase64: Buffer.from(pdf).toString('base64') }
		},
		async cancel() {
			return { fee: 0 }
		},
	}
}

export const demoIslands: FerryIsland[] = ['port-blair', 'havelock', 'neil']
