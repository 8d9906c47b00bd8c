import { expect, test } from 'vitest'
import { agencyBrandSchema } from './agent-brand.ts'

test('the brand needs a name; phone and email are checked when given; "show our name" is a checkbox', () => {
	expect(agencyBrandSchema.parse({ brandName: ' Blue Lagoon ', brandPhone: '9811122233', brandEmail: '', showOurs: 'on' })).toMatchObject({
		brandName: 'Blue Lagoon',
		brandPhone: '+919811122233',
		brandEmail: undefined,
		showOurs: 'on',
	})
	expect(agencyBrandSchema.parse({ brandName: 'Blue Lagoon', brandPhone: '' }).brandPhone).toBeUndefined()
	const bad = agencyBrandSchema.safeParse({ brandName: 'B', brandPhone: '12', brandEmail: 'nope' })
	expect(bad.success).toBe(false)
	expect(bad.error!.issues.map((issue) => issue.path[0]).sort()).toEqual(['brandEmail', 'brandName', 'brandPhone'])
})
