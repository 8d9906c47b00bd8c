import { characterClasses, makePasswordPolicy, type PasswordPolicy } from '~/lib/password-policy.ts'
import { z } from '~/lib/zod.ts'

/** The SITE_URL a local run uses when none is set; production refuses it. */
export const defaultSiteUrl = 'http://localhost:3000'

const booleanFlag = z
	.enum(['true', 'false', '1', '0', ''])
	.optional()
	.transform((value) => value === 'true' || value === '1')

/** One company OpenID Connect provider; its id becomes the provider id `oidc.<id>` clients use. */
const oidcProviderSchema = z.strictObject({
	id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'id must be 1 to 32 lower-case letters, digits or -'),
	name: z.string().trim().min(1, 'name is needed for the "Sign in with …" button').max(60, 'name must be at most 60 characters'),
	issuer: z
		.url('issuer must be a URL')
		.max(512)
		.refine(
			(url) => url.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(url),
			'issuer must be https (http only for localhost)',
		),
	clientId: z.string().min(1, 'clientId is needed').max(512),
	clientSecret: z.string().min(1, 'clientSecret is needed').max(1024),
})
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>

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
	SITE_URL: z.url().default(defaultSiteUrl),
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
		.transform((value) =>
			value
				.split(',')
				.map((origin) => origin.trim())
				.filter(Boolean),
		)
		.pipe(z.array(z.url())),
	/** Of those, the origins whose image addresses need their query string (it picks the image); for every other source it is dropped. */
	IMAGE_QUERY_ORIGINS: z
		.string()
		.default('')
		.transform((value) =>
			value
				.split(',')
				.map((origin) => origin.trim())
				.filter(Boolean),
		)
		.pipe(z.array(z.url())),
	LOG_REQUESTS: booleanFlag,
	/** Serves the /__test/* pages of the browser tests and the benchmark (tests/support/test-routes/). Never in production. */
	ENABLE_TEST_ROUTES: booleanFlag,
	/** The `?key=` every identity REST call must carry (docs/identity-api.md). A public identifier, not a secret. */
	IDENTITY_API_KEY: z
		.string()
		.regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, - or _')
		.optional(),
	/** Posts an hour each public form (enquiry, builder, booking, trip page) takes from one client address (docs/security.md). */
	PUBLIC_FORM_LIMIT: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(10),
	/** Password policy (docs/identity-api.md#password-policy). */
	PASSWORD_MIN_LENGTH: z.coerce.number().int('must be a whole number').min(6, 'must be at least 6').max(4096, 'must be at most 4096').default(6),
	PASSWORD_MAX_LENGTH: z.coerce.number().int('must be a whole number').min(6, 'must be at least 6').max(4096, 'must be at most 4096').default(4096),
	PASSWORD_REQUIRE: z
		.string()
		.default('')
		.transform((value) =>
			value
				.split(',')
				.map((name) => name.trim())
				.filter(Boolean),
		)
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
	/** Behind a load balancer: take the client address from the last X-Forwarded-For entry, and (outside production) the scheme and host from X-Forwarded-Proto/-Host. */
	TRUST_PROXY: booleanFlag,
	/** Where `npm run backup` and the scheduled backups write their archives. */
	BACKUP_DIR: z.string().min(1).default('./data/backups'),
	/** How often the server takes a backup by itself (`30m`, `6h`, `1d`); unset or `off`: never. */
	BACKUP_EVERY: z
		.string()
		.optional()
		.transform((value, context) => {
			if (value === undefined || value === '' || value === 'off') return null
			const ms = parseDuration(value)
			if (ms === null || ms < 60_000) {
				context.addIssue({ code: 'custom', message: 'must be a duration of at least a minute, like 30m, 6h or 1d, or off' })
				return z.NEVER
			}
			return ms
		}),
	/** How many backup archives to keep; older ones are deleted after each backup. */
	BACKUP_KEEP: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000).default(14),
	/** Turns on /metrics (Prometheus) and is the bearer token a scraper must send. Unset: /metrics answers 404. */
	/**
	 * Company OpenID Connect providers staff may sign in with (docs/decisions/120-openid-connect-sign-in.md):
	 * a JSON array of {id, name, issuer, clientId, clientSecret}. Unset or empty: none, and nothing calls out.
	 */
	OIDC_PROVIDERS: z
		.string()
		.optional()
		.transform((value, context) => {
			if (value === undefined || value.trim() === '') return []
			try {
				return JSON.parse(value) as unknown
			} catch {
				context.addIssue({
					code: 'custom',
					message: 'must be a JSON array like [{"id":"acme","name":"Acme","issuer":"https://login.acme.example","clientId":"…","clientSecret":"…"}]',
				})
				return z.NEVER
			}
		})
		.pipe(z.array(oidcProviderSchema).max(10, 'at most 10 providers'))
		.refine((providers) => new Set(providers.map((p) => p.id)).size === providers.length, 'each provider needs its own id'),
	METRICS_TOKEN: z
		.string()
		.regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** Keep the photo library in an S3-compatible bucket (docs/decisions/132-media-library.md). Unset: files under STORAGE_DIR. */
	MEDIA_S3_BUCKET: z
		.string()
		.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots or hyphens)')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
	/** For a store other than AWS (MinIO, Cloudflare R2, DigitalOcean Spaces): its https address. */
	MEDIA_S3_ENDPOINT: z
		.url('must be the store address, like https://s3.example.com')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** Path-style addresses (bucket in the path): most self-hosted stores need it. */
	MEDIA_S3_FORCE_PATH_STYLE: booleanFlag,
	/** Both or neither; neither: the SDK's usual credential chain (instance role, AWS_* variables). */
	MEDIA_S3_ACCESS_KEY_ID: z
		.string()
		.optional()
		.or(z.literal('').transform(() => undefined)),
	MEDIA_S3_SECRET_ACCESS_KEY: z
		.string()
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** Prefixed to every object key, so one bucket can serve several sites. */
	MEDIA_S3_PREFIX: z
		.string()
		.regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names ending in /, like site/')
		.default(''),
	/**
	 * Razorpay (docs/payments.md). All three secrets set: travellers can pay online; none: nothing
	 * calls out and the trip page offers UPI and bank transfer only. Some but not all: refused.
	 */
	RAZORPAY_KEY_ID: z
		.string()
		.regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'must look like rzp_test_… or rzp_live_…')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	RAZORPAY_KEY_SECRET: z
		.string()
		.regex(/^[\x21-\x7e]{8,128}$/, 'must be 8 to 128 printable characters')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	RAZORPAY_WEBHOOK_SECRET: z
		.string()
		.regex(/^[\x21-\x7e]{8,128}$/, 'must be 8 to 128 printable characters')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** Where the Razorpay API is (a local stand-in in tests). */
	RAZORPAY_API_BASE_URL: z.url().default('https://api.razorpay.com'),
	/** The Checkout script the payment page loads. */
	RAZORPAY_CHECKOUT_SCRIPT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
	/** How long a call to the gateway may take before the traveller is told to try again. */
	RAZORPAY_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(500, 'must be at least 500').max(60_000, 'must be at most 60000').default(10_000),
	/**
	 * WhatsApp Business Platform, Cloud API (docs/messaging.md). The phone number id and access token
	 * set: travellers may choose WhatsApp; unset: nothing calls out. The app secret checks the status
	 * webhooks' signatures and the verify token answers Meta's subscription check.
	 */
	WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
	WHATSAPP_PHONE_NUMBER_ID: z
		.string()
		.regex(/^\d{5,32}$/, 'must be the phone number id (digits) from WhatsApp Manager')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	WHATSAPP_ACCESS_TOKEN: z
		.string()
		.regex(/^[\x21-\x7e]{16,1024}$/, 'must be 16 to 1024 printable characters')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	WHATSAPP_APP_SECRET: z
		.string()
		.regex(/^[\x21-\x7e]{8,256}$/, 'must be 8 to 256 printable characters')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	WHATSAPP_VERIFY_TOKEN: z
		.string()
		.regex(/^[\x21-\x7e]{8,256}$/, 'must be 8 to 256 printable characters')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** The language the templates were registered in (WhatsApp's code, like en or en_US). */
	WHATSAPP_TEMPLATE_LANGUAGE: z
		.string()
		.regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code like en or en_US')
		.default('en'),
	/** SMS through MSG91's Flow API with DLT-registered templates (docs/messaging.md). */
	MSG91_API_URL: z.url().default('https://control.msg91.com/api/v5/flow'),
	MSG91_AUTH_KEY: z
		.string()
		.regex(/^[\x21-\x7e]{8,256}$/, 'must be 8 to 256 printable characters')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** The MSG91 template id of each message, like booking_received=65f0…,payment_link=65f1… (names in docs/messaging.md). */
	MSG91_TEMPLATE_IDS: z
		.string()
		.default('')
		.transform((value, context) => {
			const ids: Record<string, string> = {}
			for (const pair of value
				.split(',')
				.map((part) => part.trim())
				.filter(Boolean)) {
				const match = /^([a-z_]{3,40})=([A-Za-z0-9]{6,64})$/.exec(pair)
				if (!match) {
					context.addIssue({ code: 'custom', message: 'must be name=templateId pairs separated by commas, like booking_received=65f0a1b2c3' })
					return z.NEVER
				}
				ids[match[1]!] = match[2]!
			}
			return ids
		}),
	/** The secret MSG91's delivery reports carry (?secret= in the webhook address, or an x-webhook-secret header). */
	MSG91_WEBHOOK_SECRET: z
		.string()
		.regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, - or _')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	/** How long a call to WhatsApp or MSG91 may take before the message is retried later. */
	MESSAGING_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(500, 'must be at least 500').max(60_000, 'must be at most 60000').default(10_000),
})

/** `90s`, `30m`, `6h`, `1d` in milliseconds; null when it is not one. */
export function parseDuration(text: string): number | null {
	const match = /^(\d{1,6})\s*(s|m|h|d)$/.exec(text.trim())
	if (!match) return null
	const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd']
	return Number(match[1]) * unit
}

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
	if (env.NODE_ENV === 'production' && (!source.SITE_URL || new URL(env.SITE_URL).origin === new URL(defaultSiteUrl).origin)) {
		throw new Error(
			'Invalid environment:\n  SITE_URL: required in production: the public address travellers use, like https://andamanisles.travel (vouchers, QR codes, links in emails and the form origin check are built from it)',
		)
	}
	if (env.NODE_ENV === 'production' && !env.IDENTITY_API_KEY) {
		throw new Error('Invalid environment:\n  IDENTITY_API_KEY: required in production (16 to 128 letters, digits, - or _)')
	}
	if (!env.MEDIA_S3_ACCESS_KEY_ID !== !env.MEDIA_S3_SECRET_ACCESS_KEY) {
		throw new Error('Invalid environment:\n  MEDIA_S3_ACCESS_KEY_ID: set it together with MEDIA_S3_SECRET_ACCESS_KEY, or neither')
	}
	const razorpayKeys = [env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length
	if (razorpayKeys !== 0 && razorpayKeys !== 3) {
		throw new Error(
			'Invalid environment:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: set all three to take payments online, or none (docs/payments.md)',
		)
	}
	const whatsappKeys = [env.WHATSAPP_PHONE_NUMBER_ID, env.WHATSAPP_ACCESS_TOKEN, env.WHATSAPP_APP_SECRET, env.WHATSAPP_VERIFY_TOKEN].filter(Boolean).length
	if (whatsappKeys !== 0 && whatsappKeys !== 4) {
		throw new Error(
			'Invalid environment:\n  WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: set all four to send WhatsApp messages, or none (docs/messaging.md)',
		)
	}
	if (!env.MSG91_AUTH_KEY !== !Object.keys(env.MSG91_TEMPLATE_IDS).length || (env.MSG91_AUTH_KEY && !env.MSG91_WEBHOOK_SECRET)) {
		throw new Error('Invalid environment:\n  MSG91_AUTH_KEY, MSG91_TEMPLATE_IDS, MSG91_WEBHOOK_SECRET: set all three to send SMS, or none (docs/messaging.md)')
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
 * The only configuration that reaches the browser (docs/identity-api.md runtime configuration).
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
