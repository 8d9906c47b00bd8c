/**
 * The password policy of docs/identity-api.md#password-policy: at least 6 characters by default; the
 * configuration may add a maximum length and require lowercase, uppercase,
 * numeric or non-alphanumeric characters. A hard maximum of 4096 characters
 * always applies so that nobody can make the server hash megabytes.
 *
 * Pure: the sign-up form shows `describePasswordPolicy`, the server enforces
 * `checkPassword`, and the REST API publishes `passwordPolicyResponse`, all
 * from one policy value.
 */

export const hardMaxPasswordLength = 4096
export const defaultMinPasswordLength = 6

export const characterClasses = ['lowercase', 'uppercase', 'numeric', 'non-alphanumeric'] as const
export type CharacterClass = (typeof characterClasses)[number]

export type PasswordPolicy = {
	minLength: number
	maxLength: number
	/** Character classes a password must contain, in a fixed order. */
	require: readonly CharacterClass[]
}

/** Characters that count as non-alphanumeric: every printable ASCII symbol. Published to clients so their check agrees with ours. */
export const nonAlphanumericCharacters: readonly string[] = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~']

export const defaultPasswordPolicy: PasswordPolicy = { minLength: defaultMinPasswordLength, maxLength: hardMaxPasswordLength, require: [] }

/** Builds a policy from configuration, refusing impossible ones with a message that names the problem. */
export function makePasswordPolicy(input: { minLength?: number; maxLength?: number; require?: readonly string[] } = {}): PasswordPolicy {
	const minLength = input.minLength ?? defaultMinPasswordLength
	const maxLength = input.maxLength ?? hardMaxPasswordLength
	if (!Number.isInteger(minLength) || minLength < defaultMinPasswordLength) {
		throw new Error(`minimum password length must be a whole number of at least ${defaultMinPasswordLength}`)
	}
	if (!Number.isInteger(maxLength) || maxLength > hardMaxPasswordLength) {
		throw new Error(`maximum password length must be a whole number of at most ${hardMaxPasswordLength}`)
	}
	if (maxLength < minLength) throw new Error(`maximum password length (${maxLength}) is below the minimum (${minLength})`)
	const wanted = new Set<string>(input.require ?? [])
	for (const name of wanted) {
		if (!(characterClasses as readonly string[]).includes(name)) {
			throw new Error(`unknown password character class "${name}": use ${characterClasses.join(', ')}`)
		}
	}
	return { minLength, maxLength, require: characterClasses.filter((name) => wanted.has(name)) }
}

export type PasswordProblem = 'too-short' | 'too-long' | `missing-${CharacterClass}`

/** Length in characters as people count them (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
	let count = 0
	for (const _ of password) count++
	return count
}

const classTests: Record<CharacterClass, (char: string) => boolean> = {
	lowercase: (char) => char >= 'a' && char <= 'z',
	uppercase: (char) => char >= 'A' && char <= 'Z',
	numeric: (char) => char >= '0' && char <= '9',
	'non-alphanumeric': (char) => nonAlphanumericCharacters.includes(char),
}

/** Every way the password falls short of the policy; `ok` when there is none. */
export function checkPassword(policy: PasswordPolicy, password: string): { ok: boolean; problems: PasswordProblem[] } {
	const problems: PasswordProblem[] = []
	// Never walk a huge string: anything beyond the hard maximum is too long, full stop.
	if (password.length > hardMaxPasswordLength * 2) return { ok: false, problems: ['too-long'] }
	const length = passwordLength(password)
	if (length < policy.minLength) problems.push('too-short')
	if (length > Math.min(policy.maxLength, hardMaxPasswordLength)) problems.push('too-long')
	const chars = [...password]
	for (const name of policy.require) {
		if (!chars.some(classTests[name])) problems.push(`missing-${name}`)
	}
	return { ok: problems.length === 0, problems }
}

const classWords: Record<CharacterClass, string> = {
	lowercase: 'a lowercase letter (a–z)',
	uppercase: 'an uppercase letter (A–Z)',
	numeric: 'a digit (0–9)',
	'non-alphanumeric': 'a symbol such as ! # $ % or &',
}

/** The rules in plain words, for the form that asks for a password. */
export function describePasswordPolicy(policy: PasswordPolicy): string[] {
	const lines =
		policy.maxLength < hardMaxPasswordLength ? [`Between ${policy.minLength} and ${policy.maxLength} characters`] : [`At least ${policy.minLength} characters`]
	for (const name of policy.require) lines.push(`At least one ${classWords[name].replace(/^an? /, '')}`)
	return lines
}

/** One problem in plain words: what to do about it. */
export function passwordProblemMessage(problem: PasswordProblem, policy: PasswordPolicy): string {
	switch (problem) {
		case 'too-short':
			return `Use at least ${policy.minLength} characters.`
		case 'too-long':
			return `Use at most ${Math.min(policy.maxLength, hardMaxPasswordLength)} characters.`
		default: {
			const name = problem.slice('missing-'.length) as CharacterClass
			return `Include ${classWords[name]}.`
		}
	}
}

/**
 * The identity service's `GET /v2/passwordPolicy` answer (the shape client SDKs
 * read to validate passwords before sending them).
 */
export function passwordPolicyResponse(policy: PasswordPolicy) {
	const has = (name: CharacterClass) => policy.require.includes(name)
	return {
		customStrengthOptions: {
			minPasswordLength: policy.minLength,
			maxPasswordLength: policy.maxLength,
			...(has('lowercase') ? { containsLowercaseCharacter: true } : {}),
			...(has('uppercase') ? { containsUppercaseCharacter: true } : {}),
			...(has('numeric') ? { containsNumericCharacter: true } : {}),
			...(has('non-alphanumeric') ? { containsNonAlphanumericCharacter: true } : {}),
		},
		allowedNonAlphanumericCharacters: [...nonAlphanumericCharacters],
		enforcementState: 'ENFORCE',
		forceUpgradeOnSignin: false,
		schemaVersion: 1,
	}
}
