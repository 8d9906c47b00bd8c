import { describe, expect, it } from 'vitest'
import { parseDuration, parseEnv } from './env.server.ts'

const production = {
	NODE_ENV: 'production',
	SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123',
	IDENTITY_API_KEY: 'production-identity-key-0123',
	SITE_URL: 'https://andamanisles.travel',
}

describe('SITE_URL in production', () => {
	it('is required, with a message naming it', () => {
		const { SITE_URL: _unset, ...withoutSiteUrl } = production
		expect(() => parseEnv(withoutSiteUrl)).toThrow(/SITE_URL: required in production/)
	})
	it('refuses the local default', () => {
		expect(() => parseEnv({ ...production, SITE_URL: 'http://localhost:3000' })).toThrow(/SITE_URL/)
		expect(() => parseEnv({ ...production, SITE_URL: 'http://localhost:3000/' })).toThrow(/SITE_URL/)
	})
	it('accepts a real address', () => {
		expect(parseEnv(production).SITE_URL).toBe('https://andamanisles.travel')
	})
	it('keeps the quick start working: outside production the default is fine', () => {
		expect(parseEnv({}).SITE_URL).toBe('http://localhost:3000')
	})
})

describe('backup and metrics settings', () => {
	it('has defaults: backups kept 14, no schedule, metrics off', () => {
		const env = parseEnv({})
		expect(env.BACKUP_DIR).toBe('./data/backups')
		expect(env.BACKUP_EVERY).toBeNull()
		expect(env.BACKUP_KEEP).toBe(14)
		expect(env.METRICS_TOKEN).toBeUndefined()
	})
	it('reads BACKUP_EVERY as a duration', () => {
		expect(parseEnv({ BACKUP_EVERY: '6h' }).BACKUP_EVERY).toBe(6 * 3_600_000)
		expect(parseEnv({ BACKUP_EVERY: 'off' }).BACKUP_EVERY).toBeNull()
		expect(() => parseEnv({ BACKUP_EVERY: 'hourly' })).toThrow(/BACKUP_EVERY: must be a duration/)
		expect(() => parseEnv({ BACKUP_EVERY: '10s' })).toThrow(/BACKUP_EVERY/)
	})
	it('names a bad BACKUP_KEEP or METRICS_TOKEN', () => {
		expect(() => parseEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: must be at least 1/)
		expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
		expect(parseEnv({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).METRICS_TOKEN).toBe('a-long-enough-metrics-token')
	})
	it('parses durations', () => {
		expect(parseDuration('90s')).toBe(90_000)
		expect(parseDuration('1d')).toBe(86_400_000)
		expect(parseDuration('1w')).toBeNull()
	})
})

describe('media store settings', () => {
	it('stores photos as files unless a bucket is named', () => {
		const env = parseEnv({})
		expect(env.MEDIA_S3_BUCKET).toBeUndefined()
		expect(env.MEDIA_S3_REGION).toBe('us-east-1')
		expect(env.MEDIA_S3_PREFIX).toBe('')
	})
	it('reads an S3-compatible store and names each bad value', () => {
		const env = parseEnv({
			MEDIA_S3_BUCKET: 'andaman-photos',
			MEDIA_S3_ENDPOINT: 'https://s3.example.com',
			MEDIA_S3_FORCE_PATH_STYLE: 'true',
			MEDIA_S3_ACCESS_KEY_ID: 'id',
			MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
			MEDIA_S3_PREFIX: 'site/',
		})
		expect(env).toMatchObject({
			MEDIA_S3_BUCKET: 'andaman-photos',
			MEDIA_S3_ENDPOINT: 'https://s3.example.com',
			MEDIA_S3_FORCE_PATH_STYLE: true,
			MEDIA_S3_PREFIX: 'site/',
		})
		expect(() => parseEnv({ MEDIA_S3_BUCKET: 'Photos_Bucket' })).toThrow(/MEDIA_S3_BUCKET: must be an S3 bucket name/)
		expect(() => parseEnv({ MEDIA_S3_ENDPOINT: 'minio' })).toThrow(/MEDIA_S3_ENDPOINT/)
		expect(() => parseEnv({ MEDIA_S3_PREFIX: '../x' })).toThrow(/MEDIA_S3_PREFIX/)
		expect(() => parseEnv({ MEDIA_S3_ACCESS_KEY_ID: 'id' })).toThrow(/MEDIA_S3_ACCESS_KEY_ID: set it together with MEDIA_S3_SECRET_ACCESS_KEY/)
	})
})

describe('OIDC_PROVIDERS', () => {
	const acme = { id: 'acme', name: 'Acme Workspace', issuer: 'https://login.acme.example', clientId: 'andaman', clientSecret: 'shh' }
	it('is none by default', () => {
		expect(parseEnv({}).OIDC_PROVIDERS).toEqual([])
		expect(parseEnv({ OIDC_PROVIDERS: '' }).OIDC_PROVIDERS).toEqual([])
	})
	it('reads a JSON array of providers', () => {
		expect(parseEnv({ OIDC_PROVIDERS: JSON.stringify([acme]) }).OIDC_PROVIDERS).toEqual([acme])
	})
	it('names what is wrong', () => {
		expect(() => parseEnv({ OIDC_PROVIDERS: '{not json' })).toThrow(/OIDC_PROVIDERS: must be a JSON array/)
		expect(() => parseEnv({ OIDC_PROVIDERS: JSON.stringify([{ ...acme, issuer: 'http://login.acme.example' }]) })).toThrow(/issuer must be https/)
		expect(() => parseEnv({ OIDC_PROVIDERS: JSON.stringify([{ ...acme, id: 'Acme Corp' }]) })).toThrow(/id must be/)
		expect(() => parseEnv({ OIDC_PROVIDERS: JSON.stringify([{ ...acme, clientSecret: '' }]) })).toThrow(/clientSecret is needed/)
		expect(() => parseEnv({ OIDC_PROVIDERS: JSON.stringify([acme, acme]) })).toThrow(/its own id/)
		expect(() => parseEnv({ OIDC_PROVIDERS: JSON.stringify([{ ...acme, extra: 1 }]) })).toThrow(/OIDC_PROVIDERS/)
	})
	it('allows plain http only for a provider on this machine', () => {
		expect(parseEnv({ OIDC_PROVIDERS: JSON.stringify([{ ...acme, issuer: 'http://localhost:3346' }]) }).OIDC_PROVIDERS[0]?.issuer).toBe('http://localhost:3346')
	})
})
