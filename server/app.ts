/**
 * The production server entry. Vite bundles this file (with React Router's
 * server build, migrations and the CLI) into build/server/index.js, which
 * server/start.js runs. Nothing here is loaded in development.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequestHandler, RouterContextProvider } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { backupCommand, restoreCommand } from '../app/server/backup/commands.server.ts'
import { newestBackupAgeSeconds } from '../app/server/backup/backup.server.ts'
import { InstallationBusy, takeInstallationLock } from '../app/server/backup/installation-lock.server.ts'
import { startBackgroundJobs } from '../app/server/jobs/background.server.ts'
import { sendDueReminders } from '../app/features/payments/server/reminders.server.ts'
import { chaseSupplierRequests } from '../app/features/suppliers/server/supplier-chasing.server.ts'
import { setBuildVersion } from '../app/server/build-info.server.ts'
import { isDatabaseUnavailable } from '../app/server/db/client.server.ts'
import { withDatabaseLock } from '../app/server/db/health.server.ts'
import { closeDatabase, db, initDatabase } from '../app/server/db/index.server.ts'
import { describeStartupDatabaseFailure } from '../app/server/db/startup.server.ts'
import { env, parseEnv } from '../app/server/env.server.ts'
import { listOutbox } from '../app/features/email/server/outbox.server.ts'
import { logger } from '../app/server/logger.server.ts'
import { setPublicDir } from '../app/server/paths.server.ts'
import { createOrPromoteOwner } from '../app/features/identity/server/accounts.server.ts'
import { currentPublicPagesGeneration, onPublicPagesChanged } from '../app/server/page-cache-signal.server.ts'
import { type RequestInfo, requestInfoContext, resolveClientAddress } from '../app/server/request-context.ts'
import { unreadableFormResponse } from '../app/server/request-errors.server.ts'
import { demoAccounts, isDatabaseEmpty, seedDemoData } from '../app/server/seed/index.server.ts'
import { defaultBodyLimits } from './body-limit.ts'
import { optionValue, readPassword } from './cli.ts'
import { requestUrl } from './forwarded.ts'
import { createListener, type FetchHandler } from './http.ts'
import { createMetrics } from './metrics.ts'
import { PageCache } from './page-cache.ts'
import { createPageCacheLayer } from './page-cache-layer.ts'
import { keepPageCacheCurrent } from './page-cache-sync.ts'
import { indexStaticFiles } from './static-files.ts'
import { createHttpServer, listen } from './http-server.ts'
import { serviceUnavailable } from './unavailable.ts'

const buildRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const clientDir = path.join(buildRoot, 'client')

async function prepare() {
	const config = parseEnv()
	setPublicDir(clientDir)
	setBuildVersion(build.assets.version)
	for (const setting of ['IMAGE_CACHE_DIR', 'STORAGE_DIR'] as const) checkWritableFolder(setting, config[setting])
	try {
		await initDatabase(config.DATABASE_URL)
	} catch (error) {
		throw new Error(describeStartupDatabaseFailure(config.DATABASE_URL, error), { cause: error })
	}
	return config
}

async function maybeSeed(force: boolean) {
	const config = env()
	const allowed = config.NODE_ENV !== 'production' || config.SEED_DEMO_DATA
	if (force && !allowed) throw new Error('Refusing to load demo data with NODE_ENV=production; set SEED_DEMO_DATA=true to insist.')
	if (!allowed) return
	// Instances starting together on an empty database take turns: the second finds it seeded.
	await withDatabaseLock(db(), demoSeedLockKey, async () => {
		if (!force && !(await isDatabaseEmpty(db()))) return
		const summary = await seedDemoData(db())
		logger.info({ msg: 'demo data loaded', ...summary })
		if (summary.accounts) {
			logger.info({ msg: 'demo sign-ins (local use only)', accounts: demoAccounts.map(({ email, password, role }) => ({ email, password, role })) })
		}
	})
}

/** The advisory lock that serialises the demo seed across instances (any fixed number of ours). */
const demoSeedLockKey = 7_270_001

async function serve() {
	const installationLock = await holdInstallationLock(parseEnv().DATABASE_URL)
	const config = await prepare()
	await maybeSeed(false)
	// Email delivery, payment reminders and backups: one durable job runner (ADR 209).
	const stopJobs = startBackgroundJobs(config)
	const handle = createRequestHandler(build, config.NODE_ENV)
	const render: FetchHandler = async (request, info) => {
		const context = new RouterContextProvider()
		const requestInfo: RequestInfo = {
			requestId: info.requestId,
			startedAt: Date.now(),
			nonce: info.nonce,
			clientAddress: resolveClientAddress(info.clientAddress, request.headers.get('x-forwarded-for'), config.TRUST_PROXY),
			bodyRefused: info.bodyRefused,
		}
		context.set(requestInfoContext, requestInfo)
		let response: Response
		try {
			response = await handle(request, context)
		} catch (error) {
			if (isDatabaseUnavailable(error)) return serviceUnavailable(request)
			throw error
		}
		// A loader, action or render failed because the database could not serve: 503 with Retry-After, not 500.
		if (requestInfo.databaseFault && response.status >= 500) {
			await response.body?.cancel().catch(() => {})
			return serviceUnavailable(request)
		}
		// An action given a body that is not a form (text, JSON, broken multipart): the client's fault, 415 or 400.
		if (requestInfo.unreadableForm && response.status >= 500) {
			await response.body?.cancel().catch(() => {})
			return unreadableFormResponse(requestInfo.unreadableForm)
		}
		return response
	}
	const pageCache = new PageCache(pageCacheLimits)
	const cacheLayer = createPageCacheLayer(pageCache, render)
	// This process's changes clear it once committed; other instances' arrive through the database within two seconds.
	const stopPageCacheSync = await keepPageCacheCurrent(pageCache, {
		onChange: onPublicPagesChanged,
		readGeneration: () => currentPublicPagesGeneration(db()),
		pollMs: 2000,
		onPollError: (error) => logger.warn({ msg: 'page cache generation check failed', error }),
	})

	const errorPageFile = path.join(clientDir, '500.html')
	const staticFiles = indexStaticFiles(clientDir)
	const listener = createListener({
		handler: cacheLayer.handler,
		serveFromCache: cacheLayer.serveHit,
		staticFiles,
		production: config.NODE_ENV === 'production',
		logRequests: config.LOG_REQUESTS,
		bodyLimits: defaultBodyLimits,
		errorPageHtml: fs.existsSync(errorPageFile) ? fs.readFileSync(errorPageFile, 'utf8') : '<h1>500 Internal Server Error</h1>',
		requestUrl: (req) => requestUrl(req, { production: config.NODE_ENV === 'production', siteUrl: config.SITE_URL, trustProxy: config.TRUST_PROXY }),
	})
	// Without a token /metrics does not exist, and nothing is measured.
	const metrics =
		config.METRICS_TOKEN &&
		createMetrics({
			token: config.METRICS_TOKEN,
			routes: build.routes,
			isStaticFile: (pathname) => staticFiles.has(pathname),
			pageCache: () => ({ hits: pageCache.hits, misses: pageCache.misses, entries: pageCache.size }),
			outboxQueueLength: async () => (await listOutbox(db(), { status: 'queued' })).total,
			backupAgeSeconds: () => newestBackupAgeSeconds(config.BACKUP_DIR),
		})
	const { server, inFlight } = createHttpServer(metrics ? metrics.wrap(listener) : listener)
	await listen(server, config.PORT, config.HOST)
	logger.info({ msg: `listening on http://localhost:${config.PORT}`, database: config.DATABASE_URL.startsWith('file:') ? 'sqlite' : 'postgres' })

	// Graceful shutdown: stop accepting, finish the requests in flight (closing each connection after its
	// response), close connections still idle after 2 s, close the database, exit 0. Stuck requests are cut after 10 s (exit 1).
	let stopping = false
	const shutdown = (signal: string) => {
		if (stopping) return
		stopping = true
		logger.info({ msg: `${signal} received, shutting down`, inFlight: inFlight.inFlight })
		const force = setTimeout(() => {
			logger.error({ msg: 'requests still running after 10 s: exiting anyway', inFlight: inFlight.inFlight })
			process.exit(1)
		}, 10_000)
		force.unref()
		stopPageCacheSync()
		inFlight.shutdown(async () => {
			try {
				await stopJobs()
				await closeDatabase()
				await installationLock.release()
			} catch (error) {
				logger.warn({ msg: 'closing the database failed', error })
			}
			logger.info({ msg: 'stopped' })
			process.exit(0)
		})
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

/**
 * Before the database is opened: one server per SQLite file, and none while a
 * restore runs (ADR 173). Refused, start-up stops with who holds the lock.
 */
async function holdInstallationLock(databaseUrl: string) {
	try {
		return await takeInstallationLock(databaseUrl, 'server')
	} catch (error) {
		if (error instanceof InstallationBusy)
			throw new Error(`Not starting: ${error.message}. Stop it first, or point DATABASE_URL at another database.`, { cause: error })
		throw new Error(describeStartupDatabaseFailure(databaseUrl, error), { cause: error })
	}
}

/** The page cache's bounds (docs/security.md, "Caching and headers"). */
export const pageCacheLimits = { maxEntries: 2000, maxBodyBytes: 512 * 1024, maxTotalBytes: 64 * 1024 * 1024, ttlMs: 10 * 60 * 1000 }

function checkWritableFolder(setting: string, folder: string) {
	try {
		fs.mkdirSync(folder, { recursive: true })
		fs.accessSync(folder, fs.constants.W_OK)
	} catch (error) {
		throw new Error(
			`${setting}: the folder ${path.resolve(folder)} cannot be created or written (${(error as NodeJS.ErrnoException).code ?? String(error)}). Point ${setting} at a writable folder.`,
			{ cause: error },
		)
	}
}

/** For benchmarks: the request handler in-process, after the same start-up as the server. */
export async function createInProcessHandler() {
	const config = await prepare()
	await maybeSeed(false)
	const handle = createRequestHandler(build, config.NODE_ENV)
	return (request: Request) => {
		const context = new RouterContextProvider()
		context.set(requestInfoContext, { requestId: 'bench', startedAt: Date.now(), clientAddress: '127.0.0.1' })
		return handle(request, context)
	}
}

/**
 * `npm run create-owner -- --email you@example.com [--name "Your Name"]`:
 * creates the first owner, or promotes an existing account and sets its
 * password. The password comes from standard input or a terminal prompt.
 */
async function createOwner(argv: string[]) {
	const email = optionValue(argv, '--email')
	if (!email)
		throw new Error('Usage: npm run create-owner -- --email you@example.com [--name "Your Name"]  (the password is asked for, or read from standard input)')
	const password = await readPassword()
	await prepare()
	try {
		const { user, created } = await createOrPromoteOwner(db(), { email, password, displayName: optionValue(argv, '--name') })
		process.stdout.write(
			created
				? `Created owner ${user.email}. Sign in at /admin/login.\n`
				: `${user.email} is now an owner with the new password; every session it had was signed out.\n`,
		)
	} finally {
		await closeDatabase()
	}
}

/** Called by server/start.js with the command-line arguments. */
export async function main(argv: string[]) {
	if (argv.includes('--create-owner')) {
		await createOwner(argv)
		return
	}
	// Neither opens the database through the app: a restore must not migrate or lock what it replaces.
	if (argv.includes('--backup')) {
		await backupCommand(parseEnv())
		return
	}
	if (argv.includes('--restore')) {
		await restoreCommand(parseEnv(), argv)
		return
	}
	// `npm run reminders`: one run of the payment reminders (and the supplier chase), for a cron job instead of (or besides) the timer.
	if (argv.includes('--payment-reminders')) {
		const config = await prepare()
		try {
			const result = await sendDueReminders(db(), { siteUrl: config.SITE_URL })
			process.stdout.write(
				`Payment reminders: ${result.sent} sent (${result.emailed} emailed), ${result.alreadySent} already sent, ${result.checked} bookings checked.\n`,
			)
			const chased = await chaseSupplierRequests(db(), { siteUrl: config.SITE_URL })
			process.stdout.write(`Supplier requests chased: ${chased.chased} (${chased.emailed} emailed).\n`)
		} finally {
			await closeDatabase()
		}
		return
	}
	if (argv.includes('--seed-only')) {
		await prepare()
		await maybeSeed(true)
		await closeDatabase()
		return
	}
	await serve()
}
