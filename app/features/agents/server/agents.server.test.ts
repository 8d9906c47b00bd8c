import { expect, test } from 'vitest'
import { agentFormSchema } from '~/features/agents/domain/agent.ts'
import { gstinCheckCharacter } from '~/features/invoices/domain/gstin.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import {
	agentCommissionCsv,
	agentOptions,
	changeAgentStatus,
	createAgent,
	getAgentPage,
	listAgents,
	setBookingAgent,
	setLeadAgent,
	updateAgent,
} from './agents.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const form = agentFormSchema.parse({
	company: '=Island Hoppers, Travels',
	contactPerson: 'Ravi Kumar',
	phone: '9876500000',
	city: 'Chennai',
	pan: 'ABCDE1234F',
	// A real check character (docs/decisions/232).
	gstin: `33ABCDE1234F1Z${gstinCheckCharacter('33ABCDE1234F1Z')}`,
	commissionPercent: '10',
})

describeEachDatabase('agents', (get) => {
	test('an agent is applied, approved, attributed leads and bookings, and earns commission on confirmed ones', async () => {
		const { db } = get()
		const id = await createAgent(db, staff, form)
		expect(await agentOptions(db)).toEqual([])
		await expect(changeAgentStatus(db, staff, id, 'suspended')).rejects.toThrow(/cannot become suspended/)
		await changeAgentStatus(db, staff, id, 'approved')
		expect((await agentOptions(db)).map((option) => option.value)).toEqual([id])
		await updateAgent(db, staff, id, { ...form, city: 'Port Blair' })
		expect((await listAgents(db, { q: 'port blair', status: 'approved', page: 1 })).agents.map((agent) => agent.id)).toEqual([id])
		expect((await listAgents(db, { q: '', status: 'rejected', page: 1 })).total).toBe(0)

		const lead = await createLead(db, { source: 'agent', name: 'Guest One', phone: '+919800000001', email: null })
		expect(await setLeadAgent(db, staff, lead.id, id)).toBe(true)
		expect(await setLeadAgent(db, staff, lead.id, id)).toBe(false)
		await expect(setLeadAgent(db, staff, lead.id, 'nope0000000000000000')).rejects.toThrow(/Choose an agent/)
		const base = {
			packageId: null,
			tier: 'standard',
			startDate: '2027-01-20',
			nights: 4,
			adults: 2,
			childAges: [],
			infants: 0,
			advanceDue: 0,
			contactName: 'Guest One',
			contactPhone: '+919800000001',
			contactEmail: null,
			specialRequests: null,
			travellers: [],
		}
		const confirmed = await createBooking(
			db,
			{ ...base, title: 'Confirmed trip', price: { lines: [], total: 50_000_00, perPerson: 25_000_00, payingTravellers: 2 } },
			{ submissionKey: 'agent-b1' },
		)
		const pending = await createBooking(
			db,
			{ ...base, title: 'Pending trip', price: { lines: [], total: 30_000_00, perPerson: 15_000_00, payingTravellers: 2 } },
			{ submissionKey: 'agent-b2' },
		)
		await db.updateTable('bookings').set({ status: 'confirmed', total: 50_000_00 }).where('id', '=', confirmed.id).execute()
		await db.updateTable('bookings').set({ total: 30_000_00 }).where('id', '=', pending.id).execute()
		await setBookingAgent(db, staff, confirmed.id, id)
		await setBookingAgent(db, staff, pending.id, id)

		const range = { from: '2020-01-01', to: '2099-12-31' }
		const page = await getAgentPage(db, id, range)
		expect(page.leads.map((l) => l.id)).toEqual([lead.id])
		expect(page.bookings).toHaveLength(2)
		expect(page.commission).toEqual({ earned: 5_000_00, due: 0 })
		expect((await getAgentPage(db, id, { from: '2020-01-01', to: '2020-12-31' })).bookings).toHaveLength(0)

		const { csv, filename } = await agentCommissionCsv(db, id, range)
		expect(filename).toMatch(/^commission-island-hoppers-travels-2020-01-01-to-2099-12-31\.csv$/)
		expect(csv.split('\r\n')[0]).toBe('Booking,Created,Traveller,Trip,Start date,Status,Total (INR),Commission (INR)')
		expect(csv).toContain(',Confirmed trip,2027-01-20,confirmed,50000.00,5000.00')
		expect(csv).toContain('Commission earned (INR),5000.00')
		const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute()
		expect(audit.map((row) => row.action).sort()).toEqual(['create', 'status', 'update'])
	})

	test('status moves made at the same moment take turns: the same move six times applies once, and of two different moves the second is checked against the first', async () => {
		const { db } = get()
		const id = await createAgent(db, staff, { ...form, company: 'Coral Coast Holidays', pan: 'BCDEF2345G', gstin: '' })
		const audited = async () =>
			(
				await db
					.selectFrom('audit_log')
					.select(['before_json', 'after_json'])
					.where('entity', '=', 'agent')
					.where('entity_id', '=', id)
					.where('action', '=', 'status')
					.orderBy('at')
					.orderBy('id')
					.execute()
			).map((row) => `${JSON.parse(row.before_json!).status}→${JSON.parse(row.after_json!).status}`)

		const same = await Promise.allSettled(Array.from({ length: 6 }, () => changeAgentStatus(db, staff, id, 'approved')))
		expect(same.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1)
		for (const answer of same) if (answer.status === 'rejected') expect(String(answer.reason)).toMatch(/already approved/)
		expect(await audited()).toEqual(['applied→approved'])

		// Approved can only become suspended; suspended can only become approved.
		const crossing = await Promise.allSettled([
			changeAgentStatus(db, staff, id, 'suspended'),
			changeAgentStatus(db, staff, id, 'suspended'),
			changeAgentStatus(db, staff, id, 'approved'),
		])
		const moved = await audited()
		expect(moved[0]).toBe('applied→approved')
		// Every move that was saved started from the status the one before it left: no move was checked against a stale status.
		for (let index = 1; index < moved.length; index++) expect(moved[index]!.split('→')[0]).toBe(moved[index - 1]!.split('→')[1])
		expect(crossing.filter((answer) => answer.status === 'fulfilled').length).toBe(moved.length - 1)
	})

	test('the add-agency form posted three times at once adds the agency once', async () => {
		const { db } = get()
		const key = 'add-agency-key-0001'
		const agency = { ...form, company: 'Havelock Holidays', pan: 'CDEFG3456H', gstin: '' }
		const ids = await Promise.all([1, 2, 3].map(() => createAgent(db, staff, agency, { submissionKey: key })))
		expect(new Set(ids).size).toBe(1)
		expect((await db.selectFrom('agents').select('id').where('company', '=', 'Havelock Holidays').execute()).map((row) => row.id)).toEqual([ids[0]])
	})
})
