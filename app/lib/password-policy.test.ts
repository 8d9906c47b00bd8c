import { describe, expect, test } from 'vitest'
import {
	checkPassword,
	defaultPasswordPolicy,
	describePasswordPolicy,
	hardMaxPasswordLength,
	makePasswordPolicy,
	passwordLength,
	passwordPolicyResponse,
	passwordProblemMessage,
} from './password-policy.ts'

describe('password policy', () => {
	test('the default asks for 6 characters and nothing else (docs/identity-api.md#password-policy)', () => {
		expect(defaultPasswordPolicy).toEqual({ minLength: 6, maxLength: 4096, require: [] })
		expect(checkPassword(defaultPasswordPolicy, '12345')).toEqual({ ok: false, problems: ['too-short'] })
		expect(checkPassword(defaultPasswordPolicy, '123456')).toEqual({ ok: true, problems: [] })
		expect(checkPassword(defaultPasswordPolicy, '')).toEqual({ ok: false, problems: ['too-short'] })
	})

	test('the hard maximum of 4096 always applies', () => {
		expect(checkPassword(defaultPasswordPolicy, 'a'.repeat(hardMaxPasswordLength)).ok).toBe(true)
		expect(checkPassword(defaultPasswordPolicy, 'a'.repeat(hardMaxPasswordLength + 1)).problems).toEqual(['too-long'])
		// A megabyte is refused without being walked character by character.
		expect(checkPassword(defaultPasswordPolicy, 'a'.repeat(1_000_000)).problems).toEqual(['too-long'])
		expect(() => makePasswordPolicy({ maxLength: 5000 })).toThrow(/at most 4096/)
	})

	test('lengths count characters, not UTF-16 units', () => {
		expect(passwordLength('🌴🌴🌴')).toBe(3)
		expect(checkPassword(defaultPasswordPolicy, '🌴🌴🌴🌴🌴').problems).toEqual(['too-short'])
		expect(checkPassword(defaultPasswordPolicy, '🌴🌴🌴🌴🌴🌴').ok).toBe(true)
	})

	test('a configured maximum and character classes are enforced, each problem reported', () => {
		const policy = makePasswordPolicy({ minLength: 8, maxLength: 12, require: ['uppercase', 'lowercase', 'non-alphanumeric', 'numeric'] })
		// Classes come back in a fixed order whatever order the configuration used.
		expect(policy.require).toEqual(['lowercase', 'uppercase', 'numeric', 'non-alphanumeric'])
		expect(checkPassword(policy, 'abc').problems).toEqual(['too-short', 'missing-uppercase', 'missing-numeric', 'missing-non-alphanumeric'])
		expect(checkPassword(policy, 'Abcdefgh1#').ok).toBe(true)
		expect(checkPassword(policy, 'Abcdefgh1#xyz').problems).toEqual(['too-long'])
		expect(checkPassword(policy, 'ABCDEFGH1#').problems).toEqual(['missing-lowercase'])
		// Letters outside a–z do not count as lowercase; a space is not a symbol.
		expect(checkPassword(policy, 'ÉÉÉÉÉÉ1# é').problems).toEqual(['missing-lowercase', 'missing-uppercase'])
		expect(checkPassword(policy, 'Abcdefgh1 ').problems).toEqual(['missing-non-alphanumeric'])
	})

	test('impossible configurations are refused with a message', () => {
		expect(() => makePasswordPolicy({ minLength: 5 })).toThrow(/at least 6/)
		expect(() => makePasswordPolicy({ minLength: 10, maxLength: 8 })).toThrow(/below the minimum/)
		expect(() => makePasswordPolicy({ require: ['emoji'] })).toThrow(/unknown password character class "emoji"/)
		expect(() => makePasswordPolicy({ minLength: 6.5 })).toThrow()
		expect(makePasswordPolicy({ minLength: 4096, maxLength: 4096 }).minLength).toBe(4096)
	})

	test('the form shows the rules and every problem in plain words', () => {
		expect(describePasswordPolicy(defaultPasswordPolicy)).toEqual(['At least 6 characters'])
		const policy = makePasswordPolicy({ minLength: 8, maxLength: 64, require: ['uppercase', 'non-alphanumeric'] })
		expect(describePasswordPolicy(policy)).toEqual([
			'Between 8 and 64 characters',
			'At least one uppercase letter (A–Z)',
			'At least one symbol such as ! # $ % or &',
		])
		expect(passwordProblemMessage('too-short', policy)).toBe('Use at least 8 characters.')
		expect(passwordProblemMessage('too-long', policy)).toBe('Use at most 64 characters.')
		expect(passwordProblemMessage('missing-numeric', policy)).toBe('Include a digit (0–9).')
	})

	test('the REST answer has the shape client SDKs read', () => {
		const policy = makePasswordPolicy({ minLength: 8, require: ['numeric'] })
		const response = passwordPolicyResponse(policy)
		expect(response.customStrengthOptions).toEqual({ minPasswordLength: 8, maxPasswordLength: 4096, containsNumericCharacter: true })
		expect(response.enforcementState).toBe('ENFORCE')
		expect(response.allowedNonAlphanumericCharacters).toContain('#')
		expect(response.schemaVersion).toBe(1)
	})
})
