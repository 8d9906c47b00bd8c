import { expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { daySheet } from '~/features/operations/server/operations.server.ts'
import { workQueues } from '~/features/reports/server/work-queues.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from './index.server.ts'

describeEachDatabase('demo operations day', (get) => {
	test('tomorrow has the arriving, island-hopping and diving trips in order, with nothing to chase and no queue work added; once', async () => {
		const { db } = get()
		const queuesBefore = await seedDemoData(db).then(() => workQueues(db))
		expect((await seedDemoData(db)).operations).toBe(0)
		const sheet = await daySheet(db, addDays(todayInIndia(), 1))
		const demo = sheet.groups.map((group) => ({
			island: group.island,
			lines: group.lines
				.filter((line) => line.contactName.endsWith('(demo)') && /Menon|Bose|Kapoor/.test(line.contactName))
				.map((line) => `${line.at ?? '—'} ${line.kind} ${line.contactName.split(' ')[0]}`),
		}))
		expect(demo).toEqual([
			{ island: 'port-blair', lines: ['06:30 transfer Arjun', '07:00 ferry Arjun', '10:20 arrival Kavya', '— check-out Arjun', '— check-in Kavya'] },
			{ island: 'havelock', lines: ['09:00 activity Neha', '— check-in Arjun'] },
		])
		const lines = sheet.groups.flatMap((group) => group.lines)
		expect(lines.find((line) => line.kind === 'arrival' && line.contactName.startsWith('Kavya'))).toMatchObject({
			flight: { number: '6E 231', time: '10:05' },
			missing: [],
			impossible: [],
		})
		expect(lines.filter((line) => line.impossible.length)).toEqual([])
		expect(await db.selectFrom('ops_resources').select('name').execute()).toHaveLength(6)
		expect(Object.fromEntries((await workQueues(db)).map((queue) => [queue.id, queue.count]))).toEqual(
			Object.fromEntries(queuesBefore.map((queue) => [queue.id, queue.count])),
		)
	})
})
