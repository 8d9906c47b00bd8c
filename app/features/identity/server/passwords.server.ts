import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with a fresh 16-byte salt per hash (the PHC string carries salt and
 * parameters). 19 MiB, 2 passes, 1 lane: OWASP's recommended minimum, ~22 ms
 * to hash and ~37 ms to verify on this project's 2-core machines.
 */
const options = {
	// Algorithm.Argon2id (a const enum, which isolated modules cannot import).
	algorithm: 2,
	memoryCost: 19_456,
	timeCost: 2,
	parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
	return hash(password, options)
}

let dummyHash: Promise<string> | undefined

/**
 * True when the password matches. With no stored hash (unknown email, or an
 * account without a password) it still spends the time of a real check, so
 * response times do not reveal whether an email is registered.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
	if (!stored) {
		dummyHash ??= hashPassword('timing-equaliser-not-a-real-password')
		await verify(await dummyHash, password).catch(() => false)
		return false
	}
	try {
		return await verify(stored, password)
	} catch {
		return false
	}
}
