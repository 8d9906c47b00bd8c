import { characterClasses, makePasswordPolicy, type PasswordPolicy } from '~/lib/password-policy.ts'
import { z } from '~/lib/zod.ts'

const booleanFlag = z
	.enum(['true', 'false', '1', '0', ''])
	.optional()
	.transform((value) => value === 'true' || value === '1')

const schema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	HOST: z.string().default('0.0.0.0'),
	PORT: z.coerce.number().int().min(1).max(65535).default(3000),
	DATABASE_URL: z
		.string()
		.default('file:./data/app.db')
		.refine((url) => url.startsWith('file:') || /^postgres(ql)?:\/\//.test(url), {
			message: 'must start with file: (SQLite) or postgres:// (PostgreSQL)',
		}),
	SITE_URL: z.url().default('http://localhost:3000'),
	SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
	SEED_DEMO_DATA: booleanFlag,
	ANALYTICS_ID: z
		.string()
		.regex(/^G-[A-Z0-9]{4,}$/, 'must look like G-XXXXXXX')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	API_BASE_URL: z.string().default('/api'),
	IMAGE_CACHE_DIR: z.string().default('./data/image-cache'),
	STORAGE_DIR: z.string().default('./data/storage'),
	/** Extra origins whose images the resize route may fetch, comma separated. Empty: only our own images. */
	IMAGE_ALLOWED_ORIGINS: z
		.string()
		.default('')
		.transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
		.pipe(z.array(z.url())),
	LOG_REQUESTS: booleanFlag,
	/** Enables /__test/throw for browser tests of the 500 page. Never in production. */
	ENABLE_TEST_ROUTES: booleanFlag,
	/** The `?key=` every identity REST call must carry (SPEC §7). A public identifier, not a secret. */
	IDENTITY_API_KEY: z
		.string()
		.regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, - or _')
		.optional(),
	/** Password policy (SPEC §5). */
	PASSWORD_MIN_LENGTH: z.coerce.number().int('must be a whole number').min(6, 'must be at least 6').max(4096, 'must be at most 4096').default(6),
	PASSWORD_MAX_LENGTH: z.coerce.number().int('must be a whole number').min(6, 'must be at least 6').max(4096, 'must be at most 4096').default(4096),
	PASSWORD_REQUIRE: z
		.string()
		.default('')
		.transform((value) => value.split(',').map((name) => name.trim()).filter(Boolean))
		.pipe(z.array(z.enum(characterClasses, { message: `each entry must be one of ${characterClasses.join(', ')}` }))),
	/** Outgoing email (smtp:// or smtps://, with user:password@ when needed). Unset: emails stay queued on /admin/outbox. */
	SMTP_URL: z
		.string()
		.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** The From address of outgoing email; defaults to the company email in settings. */
	SMTP_FROM: z
		.email('must be an email address')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** Behind a load balancer: take the client address from the last X-Forwarded-For entry. */
	TRUST_PROXY: booleanFlag,
})

export type Env = Omit<z.infer<typeof schema>, 'IDENTITY_API_KEY'> & {
	SESSION_SECRET: string
	IDENTITY_API_KEY: string
	passwordPolicy: PasswordPolicy
}

export const developmentIdentityApiKey = 'local-development-identity-key'

/**
 * Validates the environment once. A missing or malformed variable stops the
 * server with a message naming it, rather than failing later on first use.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	const result = schema.safeParse(source)
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
		throw new Error(`Invalid environment:\n${lines.join('\n')}`)
	}
	const env = result.data
	if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
		throw new Error('Invalid environment:\n  SESSION_SECRET: required in production (at least 32 characters)')
	}
	if (env.NODE_ENV === 'production' && !env.IDENTITY_API_KEY) {
		throw new Error('Invalid environment:\n  IDENTITY_API_KEY: required in production (16 to 128 letters, digits, - or _)')
	}
	let passwordPolicy: PasswordPolicy
	try {
		passwordPolicy = makePasswordPolicy({ minLength: env.PASSWORD_MIN_LENGTH, maxLength: env.PASSWORD_MAX_LENGTH, require: env.PASSWORD_REQUIRE })
	} catch (error) {
		throw new Error(`Invalid environment:\n  PASSWORD_MAX_LENGTH: ${(error as Error).message}`)
	}
	return {
		...env,
		// Outside production a fixed secret keeps local sign-ins alive across restarts.
		SESSION_SECRET: env.SESSION_SECRET ?? 'development-only-secret-not-for-production-use',
		IDENTITY_API_KEY: env.IDENTITY_API_KEY ?? developmentIdentityApiKey,
		passwordPolicy,
	}
}

let cached: Env | undefined
export function env(): Env {
	cached ??= parseEnv()
	return cached
}

/**
 * The only configuration that reaches the browser (SPEC §3 runtime configuration).
 * Add a key here deliberately: everything in it is public.
 */
export function publicConfig() {
	const e = env()
	return {
		siteUrl: e.SITE_URL,
		apiBaseUrl: e.API_BASE_URL,
		analyticsId: e.ANALYTICS_ID ?? null,
	}
}
export type PublicConfig = ReturnType<typeof publicConfig>
