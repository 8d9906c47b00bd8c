import { agentFormSchema } from '~/features/agents/domain/agent.ts'
import type { FerryEnquiry } from '~/features/ferries/domain/enquiry.ts'
import { offlineTicketSchema } from '~/features/ferries/domain/offline-ticket.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { changeAgentStatus, createAgent } from '~/features/agents/server/agents.server.ts'
import { systemActor } from '../db/audit.server.ts'
import type { DB } from '../db/client.server.ts'
import {
	changeFerryBookingStatus,
	changeFerryLeadStatus,
	convertFerryLead,
	createFerryEnquiry,
	quoteFerryLead,
	saveFerryPassengers,
	updateFerryBooking,
} from '~/features/ferries/server/ferries.server.ts'
import { changeOfflineTicketStatus, createOfflineTicket } from '~/features/ferries/server/offline-tickets.server.ts'

const seedActor = { ...systemActor, label: 'demo data' }

const demoAgents = [
	{
		company: 'Coral Coast Holidays',
		contactPerson: 'Ravi Kumar',
		phone: '9443012345',
		email: 'ravi@coralcoast.example',
		city: 'Chennai',
		pan: 'AAKCC1234F',
		gstin: '33AAKCC1234F1Z5',
		commissionPercent: '10',
		status: 'approved',
	},
	{
		company: 'Blue Lagoon Tours',
		contactPerson: 'Sneha Das',
		phone: '9830012345',
		email: 'sneha@bluelagoon.example',
		city: 'Kolkata',
		pan: 'AAFCB5678K',
		gstin: '19AAFCB5678K1Z2',
		commissionPercent: '8',
		status: 'approved',
	},
	{
		company: 'Island Trails Pvt Ltd',
		contactPerson: 'Arjun Menon',
		phone: '9847012345',
		email: null,
		city: 'Kochi',
		pan: null,
		gstin: null,
		commissionPercent: '7.5',
		status: 'applied',
	},
] as const

const family: Passenger[] = [
	{ name: 'Priya Sharma', age: 36, gender: 'female', nationality: 'indian', idType: 'aadhaar', idNumber: '4321 8765 1098', passportExpiry: null },
	{ name: 'Rohit Sharma', age: 38, gender: 'male', nationality: 'indian', idType: 'driving_licence', idNumber: 'DL-0420110012345', passportExpiry: null },
	{ name: 'Anaya Sharma', age: 1, gender: 'female', nationality: 'indian', idType: 'birth_certificate', idNumber: 'BC-DEL-2025-118', passportExpiry: null },
]

/**
 * Demo ferry leads, ferry bookings, offline tickets and agents (local runs
 * only, like the rest of the demo data). Idempotent: fixed submission keys
 * and company names find what an earlier run made.
 */
export async function seedDemoFerries(db: DB): Promise<Record<string, number>> {
	const counts = { agents: 0, ferryLeads: 0, ferryBookings: 0, offlineTickets: 0 }
	for (const agent of demoAgents) {
		const existing = await db.selectFrom('agents').select('id').where('company', '=', agent.company).executeTakeFirst()
		if (existing) continue
		const id = await createAgent(db, seedActor, agentFormSchema.parse({ ...agent, email: agent.email ?? '', pan: agent.pan ?? '', gstin: agent.gstin ?? '' }))
		if (agent.status === 'approved') await changeAgentStatus(db, seedActor, id, 'approved')
		counts.agents++
	}

	const today = todayInIndia()
	const enquiries: FerryEnquiry[] = [
		{
			tripType: 'island_hopping',
			legs: [
				{ from: 'port-blair', to: 'havelock', date: addDays(today, 12), time: 'morning', operator: 'makruzz', class: 'premium' },
				{ from: 'havelock', to: 'neil', date: addDays(today, 15), time: 'any', operator: 'any', class: 'any' },
				{ from: 'neil', to: 'port-blair', date: addDays(today, 17), time: 'afternoon', operator: 'green-ocean', class: 'premium' },
			],
			adults: 2,
			infants: 1,
			indians: 3,
			foreigners: 0,
			name: 'Priya Sharma',
			phone: '+919810012345',
			email: 'priya.sharma@example.com',
			message: 'Travelling with a baby: seats near the front please.',
			submissionKey: 'demo-ferry-lead-0001',
		},
		{
			tripType: 'return',
			legs: [
				{ from: 'port-blair', to: 'neil', date: addDays(today, 20), time: 'early', operator: 'nautika', class: 'any' },
				{ from: 'neil', to: 'port-blair', date: addDays(today, 22), time: 'any', operator: 'nautika', class: 'any' },
			],
			adults: 2,
			infants: 0,
			indians: 0,
			foreigners: 2,
			name: 'Lena Fischer',
			phone: '+4915112345678',
			email: 'lena.fischer@example.com',
			message: undefined,
			submissionKey: 'demo-ferry-lead-0002',
		},
		{
			tripType: 'one_way',
			legs: [{ from: 'havelock', to: 'port-blair', date: addDays(today, 5), time: 'any', operator: 'government', class: 'any' }],
			adults: 4,
			infants: 0,
			indians: 4,
			foreigners: 0,
			name: 'Karthik Raman',
			phone: '+919444012345',
			email: undefined,
			message: 'Budget option, any time is fine.',
			submissionKey: 'demo-ferry-lead-0003',
		},
	]
	const leads = []
	for (const enquiry of enquiries) {
		const lead = await createFerryEnquiry(db, enquiry)
		leads.push(lead)
		if (lead.created) counts.ferryLeads++
	}

	// The first lead is quoted, paid and booked with passengers and a PNR on the first leg.
	const first = leads[0]!
	if (first.created) {
		await quoteFerryLead(db, seedActor, first.id, 1_280_000, 'Makruzz premium, Green Ocean and Nautika; morning sailings')
		await changeFerryLeadStatus(db, seedActor, first.id, 'payment_pending')
		const made = await convertFerryLead(db, seedActor, first.id)
		counts.ferryBookings += made.filter((booking) => booking.created).length
		const leg = made[0]!
		await updateFerryBooking(db, seedActor, leg.id, {
			operator: 'makruzz',
			vessel: 'Makruzz Gold',
			departureTime: '07:00',
			class: 'premium',
			pnr: 'MKZ2611042',
			adultFare: 170_000,
			infantFare: 40_000,
			fees: 0,
			tripReference: null,
		})
		await saveFerryPassengers(db, seedActor, leg.id, family)
		await changeFerryBookingStatus(db, seedActor, leg.id, 'confirmed')
		for (const other of made.slice(1)) await saveFerryPassengers(db, seedActor, other.id, family)
	}
	if (leads[1]!.created) await quoteFerryLead(db, seedActor, leads[1]!.id, 640_000, 'Nautika premium both ways')

	const tickets = [
		{
			key: 'demo-offline-ticket-0001',
			form: {
				kind: 'entry',
				source: 'government_counter',
				operator: 'Cellular Jail',
				route: 'Light and sound show (English)',
				travelDate: addDays(today, 12),
				travelTime: '18:45',
				quota: 'general',
				transactionNumber: 'CJ-88231',
				cost: '300',
				sell: '400',
				paymentMode: 'cash',
			},
			purchase: true,
		},
		{
			key: 'demo-offline-ticket-0002',
			form: {
				kind: 'ferry',
				source: 'government_portal',
				operator: 'Government ferry',
				vessel: 'MV Coral Queen',
				voyage: 'V-118',
				route: 'Phoenix Bay → Havelock',
				travelDate: addDays(today, 6),
				travelTime: '06:20',
				class: 'deluxe',
				quota: 'tourist',
				pnr: 'DSS4471902',
				cost: '2200',
				sell: '2600',
				paymentMode: 'upi',
			},
			purchase: true,
		},
		{
			key: 'demo-offline-ticket-0003',
			form: {
				kind: 'activity',
				source: 'operator_counter',
				operator: 'North Bay boat association',
				route: 'North Bay and Ross Island boat',
				travelDate: addDays(today, 13),
				cost: '1800',
				sell: '2400',
				paymentMode: 'cash',
			},
			purchase: false,
		},
	]
	for (const ticket of tickets) {
		const created = await createOfflineTicket(db, seedActor, offlineTicketSchema.parse(ticket.form), ticket.key)
		if (!created.created) continue
		counts.offlineTickets++
		if (ticket.purchase) await changeOfflineTicketStatus(db, seedActor, created.id, 'purchased')
	}
	return counts
}
