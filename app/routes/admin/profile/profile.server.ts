import QRCode from 'qrcode'
import { z } from 'zod'
import type { ActionResult } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { hardMaxPasswordLength } from '~/lib/password-policy.ts'
import { startSession } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { accepted, parseForm, refuse } from '~/server/forms.server.ts'
import { changeOwnPassword, confirmCurrentPassword, signOutOtherSessions } from '~/features/identity/server/profile.server.ts'
import {
	finishEnrolment,
	isSecondFactorRequired,
	listSecondFactors,
	otpauthUrlFor,
	recoveryCodesLeft,
	startEnrolment,
	unseal,
	withdrawSecondFactor,
} from '~/features/identity/server/second-factor.server.ts'
import { listOwnSessions } from '~/features/identity/server/profile.server.ts'
import { describePasswordPolicy } from '~/lib/password-policy.ts'
import { env } from '~/server/env.server.ts'
import type { User } from '~/features/identity/server/users.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'

/** The profile page's forms, one schema per intent (docs/decisions/106-staff-profile.md, 107-totp-second-factor.md). */
const currentPassword = z.string().min(1, 'Enter your current password.').max(8192, 'That password is too long.')
export const profileSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({
			intent: z.literal('change-password'),
			currentPassword,
			newPassword: z
				.string()
				.min(1, 'Choose a new password.')
				.max(hardMaxPasswordLength * 2, `Use at most ${hardMaxPasswordLength} characters.`),
		}),
		z.object({ intent: z.literal('sign-out-others') }),
		z.object({ intent: z.literal('totp-start') }),
		z.object({
			intent: z.literal('totp-finish'),
			sessionInfo: z.string().min(1).max(4096),
			code: z
				.string()
				.trim()
				.regex(/^\d{6}$/, 'Type the 6 digits your app shows.'),
		}),
		z.object({ intent: z.literal('totp-remove'), factorId: z.string().min(1).max(64), currentPassword }),
	],
	{ message: 'Choose what to do.' },
)

type Input = z.infer<typeof profileSchema>
type Submission = ReturnType<typeof parseForm<typeof profileSchema>>
/** `here`: the page the forms are on, where a change goes back to (the admin profile, or the agent area's, ADR 221). */
type Account = { request: Request; user: User; sessionId: string; ip: string; here?: string }

const profilePage = (account: Account) => account.here ?? '/admin/profile'

/** What the profile page shows: the account, its devices and two-step sign-in. The owners' requirement of a second step covers staff only. */
export async function profileData(user: User, sessionId: string) {
	const staff = user.role === 'staff' || user.role === 'owner' || user.role === 'pending'
	return {
		email: user.email,
		name: user.displayName ?? user.email,
		emailVerified: user.emailVerified,
		passwordUpdatedAt: user.passwordUpdatedAt,
		sessions: await listOwnSessions(db(), user.id, sessionId),
		factors: await listSecondFactors(db(), user.id),
		recoveryCodesLeft: await recoveryCodesLeft(db(), user.id),
		secondFactorRequired: staff && (await isSecondFactorRequired(db())),
		rules: describePasswordPolicy(env().passwordPolicy),
	}
}
export type ProfileData = Awaited<ReturnType<typeof profileData>>

/** What the two-step section shows next: the QR code to scan, or the recovery codes (shown once). */
export type ProfileDetails = { enrol?: { secret: string; sessionInfo: string; qr: string }; recoveryCodes?: string[] }
export type ProfileResult = ActionResult<ProfileDetails>

const passwords = ['currentPassword', 'newPassword']
const checkFields = 'Check the highlighted fields and try again.'

export async function profileAction(form: FormData, account: Account) {
	const submission = parseForm(form, profileSchema)
	const sent = form.get('intent')
	const intent = typeof sent === 'string' ? sent.slice(0, 40) : undefined
	if (submission.status !== 'success') return refuse(submission, { intent, formError: checkFields, hideFields: passwords })
	const input = submission.value
	try {
		switch (input.intent) {
			case 'sign-out-others':
				return await signOutOthers(account)
			case 'totp-start':
				return await startTwoStep(submission, account)
			case 'totp-finish':
				return await finishTwoStep(submission, input, account)
			case 'totp-remove':
				return await removeTwoStep(input, account)
			case 'change-password':
				return await changePassword(input, account)
		}
	} catch (error) {
		if (!isIdentityError(error)) throw error
		// The policy names the field `password`; on this page it is the new one.
		const { password, ...fields } = error.fields ?? {}
		const throttled = Boolean(error.retryAfterSeconds)
		return refuse(submission, {
			intent: input.intent,
			status: throttled ? 429 : 400,
			formError: throttled ? error.message : checkFields,
			fieldErrors: password ? { ...fields, newPassword: password } : fields,
			hideFields: passwords,
			headers: throttled ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined,
		})
	}
}

async function signOutOthers(account: Account) {
	const ended = await signOutOtherSessions(db(), account.user, account.sessionId)
	return redirectWithToast(profilePage(account), {
		title: 'Signed out everywhere else',
		description: `${ended === 1 ? '1 other device was' : `${ended} other devices were`} signed out, and apps using your account must sign in again. This browser stays signed in.`,
	})
}

async function enrolment(user: User, secret: string, sessionInfo: string) {
	return { secret, sessionInfo, qr: await QRCode.toDataURL(otpauthUrlFor(user, secret), { margin: 1, width: 220 }) }
}

async function startTwoStep(submission: Submission, { user }: Account) {
	const started = startEnrolment(user)
	return accepted<ProfileDetails>(submission, { intent: 'totp-start', details: { enrol: await enrolment(user, started.secret, started.sessionInfo) } })
}

async function finishTwoStep(submission: Submission, input: Extract<Input, { intent: 'totp-finish' }>, { user }: Account) {
	try {
		const { recoveryCodes } = await finishEnrolment(db(), user, { sessionInfo: input.sessionInfo, code: input.code })
		// Shown once, here; only their hashes are kept.
		return accepted<ProfileDetails>(submission, { intent: 'totp-finish', details: { recoveryCodes } })
	} catch (error) {
		const pending = unseal(input.sessionInfo, 'enrol')
		if (!isIdentityError(error) || error.identityCode !== 'INVALID_CODE' || !pending) throw error
		// Same secret again, so the app already set up keeps working.
		return refuse<ProfileDetails>(submission, {
			intent: 'totp-finish',
			formError: error.message,
			fieldErrors: error.fields,
			details: { enrol: await enrolment(user, pending.secret, input.sessionInfo) },
		})
	}
}

async function removeTwoStep(input: Extract<Input, { intent: 'totp-remove' }>, account: Account) {
	const { user, ip } = account
	await confirmCurrentPassword(db(), user, input.currentPassword, ip)
	await withdrawSecondFactor(db(), user, input.factorId)
	return redirectWithToast(profilePage(account), { title: 'Two-step sign-in turned off', description: 'Signing in now needs your password only.' })
}

async function changePassword(input: Extract<Input, { intent: 'change-password' }>, account: Account) {
	const { request, user, ip } = account
	const updated = await changeOwnPassword(db(), user, { currentPassword: input.currentPassword, newPassword: input.newPassword, ip })
	// Every session ended with the change: this browser gets a new one.
	const cookie = await startSession(request, updated, ip)
	return redirectWithToast(
		profilePage(account),
		{ title: 'Password changed', description: 'Every other device was signed out. Use the new password from now on.' },
		{ headers: { 'Set-Cookie': cookie } },
	)
}
