import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { test } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import { startExtraServer } from './extra-server.ts'
import { sdkClients } from './firebase-sdk.ts'

/**
 * A real SMTP server on a free loopback port that keeps every message it receives, for the specs
 * that read emailed links as the recipient would (never from the database).
 */
export type LinkMode = 'resetPassword' | 'verifyEmail' | 'signIn'
type Mail = { to: string[]; text: string }

/** The message body as a mail app shows it: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
	return Buffer.from(
		raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
		'latin1',
	).toString('utf8')
}

export async function startMailbox() {
	const mails: Mail[] = []
	const smtp = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')) })
				callback()
			})
		},
	})
	smtp.listen(0, '127.0.0.1')
	await once(smtp.server, 'listening')
	return {
		/** For the server's SMTP_URL. */
		url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
		/** Waits for the next email to `to` whose link has this mode (and is not in `seen`), and returns the link. */
		async linkFor(to: string, mode: LinkMode, seen = new Set<string>()): Promise<string> {
			for (let i = 0; i < 100; i++) {
				for (const mail of mails) {
					if (!mail.to.includes(to.toLowerCase())) continue
					const link = mail.text.split(/\r?\n/).find((line) => line.startsWith('http') && line.includes(`mode=${mode}`))
					if (link && !seen.has(link)) return link
				}
				await new Promise((resolve) => setTimeout(resolve, 100))
			}
			throw new Error(`no ${mode} email to ${to} arrived`)
		},
		close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
	}
}

/** The code inside an emailed link. */
export const codeOf = (link: string) => new URL(link).searchParams.get('oobCode') ?? ''

/** The API key `startExtraServer` gives its copy. */
const extraApiKey = 'e2e-extra-identity-api-key-0123456789'

/**
 * For a spec: a copy of the production build (its own SQLite file and demo data) that sends its email
 * to a mailbox of its own, both started before the spec's tests and stopped after them, and the
 * official SDK pointed at it.
 */
export function serverWithMailbox(name: string, port: number, env: Record<string, string> = {}) {
	const sdk = sdkClients(name)
	let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined
	let server: Awaited<ReturnType<typeof startExtraServer>> | undefined
	test.beforeAll(async () => {
		mailbox = await startMailbox()
		server = await startExtraServer(name, port, { SMTP_URL: mailbox.url, ...env })
	})
	test.afterAll(async () => {
		await sdk.closeAll()
		await server?.stop()
		await mailbox?.close()
	})
	return {
		apiKey: extraApiKey,
		get url() {
			return server!.url
		},
		linkFor: (...args: Parameters<Awaited<ReturnType<typeof startMailbox>>['linkFor']>) => mailbox!.linkFor(...args),
		/** A fresh SDK client of the copy. */
		connect: () => sdk.connect(server!.url, extraApiKey),
	}
}
