import { useLocation } from 'react-router'
import { linkTo } from '~/components/client-links.ts'
import { SidebarShell, SidebarShellError, sidebarLinkClass } from '~/features/identity/components/sidebar-shell.tsx'
import { StaticIcon } from '~/components/ui/static-icon.tsx'
import { agentRoleLabels, agentSectionsFor, isCurrentAgentSection } from '~/features/agents/components/agent-nav.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { site } from '~/lib/site.ts'
import type { Route } from './+types/layout'

/** The agent area's layout (ADR 221): every page inside it needs a user of an approved agency (the layout checks, and so does each page). */
export async function loader({ request }: Route.LoaderArgs) {
	const { user, agency } = await requireAgentUser(request)
	return {
		user: { name: user.displayName ?? user.email, email: user.email, photoUrl: user.photoUrl, role: user.role, roleLabel: agentRoleLabels[user.role] },
		agency: { company: agency.company },
	}
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

function Brand({ company }: { company?: string }) {
	return (
		<a className="block text-base font-bold text-primary-900 no-underline" {...linkTo('/agent')}>
			{site.shortName} <span className="font-medium text-slate-600">agents</span>
			{company ? <span className="block truncate text-sm font-medium text-slate-700">{company}</span> : null}
		</a>
	)
}

export default function AgentLayout({ loaderData }: Route.ComponentProps) {
	const { user, agency } = loaderData
	const { pathname } = useLocation()
	return (
		<SidebarShell
			menuId="agent-menu"
			brand={<Brand company={agency.company} />}
			user={user}
			nav={
				<nav aria-label="Agent">
					<ul className="space-y-0.5">
						{agentSectionsFor(user.role).map((section) => {
							const current = isCurrentAgentSection(section.to, pathname)
							return (
								<li key={section.to}>
									<a aria-current={current ? 'page' : undefined} className={sidebarLinkClass(current)} {...linkTo(section.to)}>
										<StaticIcon icon={section.Icon} className="size-4 shrink-0" />
										{section.label}
									</a>
								</li>
							)
						})}
					</ul>
				</nav>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <SidebarShellError brand={<Brand />} />
}
