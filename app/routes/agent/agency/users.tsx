import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { AgentUsersPanel } from '~/features/agents/components/agent-users-panel.tsx'
import { inviteAgentUserSchema } from '~/features/agents/domain/agent-users.ts'
import { requireAgentAdmin } from '~/features/agents/server/agent-auth.server.ts'
import { inviteAgentUser, listAgentUsers, removeAgentUser } from '~/features/agents/server/agent-users.server.ts'
import { deliverNow } from '~/features/email/server/sender.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/users'

const here = '/agent/users'

/** The agency's users, for its admin (ADR 221): invite and remove people of their own agency only. The agency is the signed-in admin's, never one from the request. */
export async function loader({ request }: Route.LoaderArgs) {
	const { user, agency } = await requireAgentAdmin(request)
	return { selfId: user.id, company: agency.company, users: await listAgentUsers(db(), agency.id) }
}

type IntentArgs = { agentId: string; actor: Actor }

async function inviteUser(input: z.output<typeof inviteAgentUserSchema>, { agentId, actor }: IntentArgs) {
	const { user, outboxKey } = await inviteAgentUser(db(), actor, agentId, input, { siteUrl: env().SITE_URL, apiKey: env().IDENTITY_API_KEY })
	deliverNow(db(), outboxKey)
	return redirectWithToast(here, { title: `Invitation sent to ${user.email}`, description: 'The link in it works for 7 days.' })
}

async function removeUser(input: { userId: string }, { agentId, actor }: IntentArgs) {
	const user = await removeAgentUser(db(), actor, agentId, input.userId)
	return redirectWithToast(here, { title: `${user.displayName ?? user.email} removed`, description: 'They are signed out and cannot sign in any more.' })
}

const intents = {
	'invite-user': intent(inviteAgentUserSchema, inviteUser),
	'remove-user': intent(z.object({ userId: z.string().refine(isId, 'Choose a user from the list.') }), removeUser, {
		formError: 'Choose a user from the list.',
	}),
}

export async function action({ request }: Route.ActionArgs) {
	const { user, agency } = await requireAgentAdmin(request)
	return runIntent(await request.formData(), intents, {
		unknown: { formError: 'Choose what to do: invite or remove a user.' },
		context: () => ({ agentId: agency.id, actor: actorOf(user) }),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Users | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function AgentUsers({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold">Users</h1>
				<p className="mt-1 text-slate-700">Who at {loaderData.company} can sign in. Invited people set their own password from the email.</p>
			</div>
			<AgentUsersPanel users={loaderData.users} actionData={actionData} selfId={loaderData.selfId} canInvite />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
