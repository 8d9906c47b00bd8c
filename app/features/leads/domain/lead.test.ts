import { expect, test } from 'vitest'
import { leadSearchText } from './lead.ts'

test('the search line holds name, phone, email and reference, lower-cased', () => {
	expect(leadSearchText({ name: 'Meera Iyer', phone: '+919876543210', email: 'Meera@Example.com', reference: 'LD-2026-00042' })).toBe(
		'meera iyer +919876543210 meera@example.com ld-2026-00042',
	)
})
