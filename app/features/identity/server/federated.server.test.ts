import { expect, test } from 'vitest'
import { IdentityError } from '~/lib/identity-errors.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { setUserDisabled } from './accounts.server.ts'
import { listLinkedIdentities, NeedsConfirmation, signInWithProviderIdentity } from './federated.server.ts'
import type { ProviderIdentity } from './oidc.server.ts'
import { makeUser } from '#tests/support/identity.ts'
import { findUserById } from './users.server.ts'

let subjects = 0
function identity(overrides: Partial<ProviderIdentity> = {}): ProviderIdentity {
	const subject = `subject-${++subjects}-${Date.now()}`
	return { subject, email: `${subject}@acme.example`, emailVerified: true, displayName: 'Asha Rao', claims: {}, ...overrides }
}

async function outcome(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
	} catch (error) {
		if (error instanceof NeedsConfirmation) return 'needConfirmation'
		if (error instanceof IdentityError) return error.identityCode
		throw error
	}
	return 'signed in'
}

const providerId = 'oidc.acme'

describeEachDatabase('sign-in with a company provider', (get) => {
	test('a new person gets a pending account without a password, known by the subject from then on', async () => {
		const { db } = get()
		const person = identity()
		const first = await signInWithProviderIdentity(db, { providerId, identity: person, via: 'api' })
		expect(first.isNewUser).toBe(true)
		expect(first.user).toMatchObject({ role: 'pending', hasPassword: false, emailVerified: true, email: person.email, displayName: 'Asha Rao' })
		// The same subject with a changed address is still the same person.
		const again = await signInWithProviderIdentity(db, { providerId, identity: { ...person, email: 'renamed@acme.example' }, via: 'web' })
		expect(again).toMatchObject({ isNewUser: false, user: { id: first.user.id } })
		expect(await listLinkedIdentities(db, first.user.id)).toEqual([{ providerId, subject: person.subject, email: person.email, displayName: 'Asha Rao' }])
		const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', first.user.id).orderBy('id').execute()
		expect(audit.map((row) => row.action)).toEqual(['user.sign-up', 'user.sign-in'])
	})

	test('a verified address links to the existing account (any case) and marks it verified', async () => {
		const { db } = get()
		const staff = await makeUser(db)
		expect(staff.emailVerified).toBe(false)
		const linked = await signInWithProviderIdentity(db, { providerId, identity: identity({ email: staff.email.toUpperCase() }), via: 'web' })
		expect(linked).toMatchObject({ isNewUser: false, user: { id: staff.id, role: 'staff', emailVerified: true, hasPassword: true } })
		expect(await listLinkedIdentities(db, staff.id)).toHaveLength(1)
	})

	test('an address the provider has not verified never links or creates', async () => {
		const { db } = get()
		const staff = await makeUser(db)
		expect(await outcome(signInWithProviderIdentity(db, { providerId, identity: identity({ email: staff.email, emailVerified: false }), via: 'api' }))).toBe(
			'needConfirmation',
		)
		expect(await outcome(signInWithProviderIdentity(db, { providerId, identity: identity({ emailVerified: false }), via: 'api' }))).toBe('INVALID_IDP_RESPONSE')
		expect(await outcome(signInWithProviderIdentity(db, { providerId, identity: identity({ email: null }), via: 'api' }))).toBe('INVALID_IDP_RESPONSE')
		expect(await outcome(signInWithProviderIdentity(db, { providerId, identity: identity({ email: 'not an address' }), via: 'api' }))).toBe(
			'INVALID_IDP_RESPONSE',
		)
		expect(await listLinkedIdentities(db, staff.id)).toEqual([])
	})

	test('a disabled account stays out, linked or not', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db)
		const person = identity({ email: staff.email })
		await signInWithProviderIdentity(db, { providerId, identity: person, via: 'web' })
		await setUserDisabled(db, owner, staff.id, true)
		expect(await outcome(signInWithProviderIdentity(db, { providerId, identity: person, via: 'web' }))).toBe('USER_DISABLED')
		const other = await makeUser(db)
		await setUserDisabled(db, owner, other.id, true)
		expect(await outcome(signInWithProviderIdentity(db, { providerId, identity: identity({ email: other.email }), via: 'web' }))).toBe('USER_DISABLED')
	})

	test('two first sign-ins of one person at the same moment make one account', async () => {
		const { db } = get()
		const person = identity()
		const results = await Promise.all(Array.from({ length: 4 }, () => signInWithProviderIdentity(db, { providerId, identity: person, via: 'api' })))
		expect(new Set(results.map((r) => r.user.id)).size).toBe(1)
		const user = await findUserById(db, results[0]!.user.id)
		expect(user?.role).toBe('pending')
		const rows = await db.selectFrom('users').select('id').where('email_lower', '=', person.email!.toLowerCase()).execute()
		expect(rows).toHaveLength(1)
	})
})
