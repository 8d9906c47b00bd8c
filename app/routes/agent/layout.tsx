import { Menu } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { linkTo } from '~/components/client-links.ts'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { StaticIcon } from '~/components/ui/static-icon.tsx'
import { agentRoleLabels, agentSectionsFor, isCurrentAgentSection } from '~/features/agents/components/agent-nav.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { SignOutForm } from '~/features/identity/components/sign-out-form.tsx'
import { site } from '~/lib/site.ts'
import { cn } from '~/lib/utils.ts'
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

const navLinkClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline'
const currentClass = cn(navLinkClass, 'bg-primary-50 text-primary-900')
const otherClass = cn(navLinkClass, 'text-slate-800 hover:bg-slate-100')

function Brand({ company }: { company?: string }) {
	return (
		<a className="block text-base font-bold text-primary-900 no-underline" {...linkTo('/agent')}>
			{site.shortName} <span className="font-medium text-slate-600">agents</span>
			{company ? <span className="block truncate text-sm font-medium text-slate-700">{company}</span> : null}
		</a>
	)
}

const menuId = 'agent-menu'

export default function AgentLayout({ loaderData }: Route.ComponentProps) {
	const { user, agency } = loaderData
	const menu = useRef<HTMLDivElement>(null)
	const { pathname } = useLocation()
	// The phone menu closes after choosing a page.
	useEffect(() => {
		if (menu.current?.matches(':popover-open')) menu.current.hidePopover()
	}, [pathname])
	// The admin area's shape: a sidebar on a desktop; on a phone a top bar whose Menu button opens the same nav as a popover (no JavaScript needed).
	return (
		<div className="min-h-screen bg-slate-50 lg:flex">
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
				<div className="flex h-16 items-center gap-3 px-4 lg:block lg:h-auto lg:space-y-3 lg:px-5 lg:py-4">
					<Brand company={agency.company} />
					<button
						type="button"
						popoverTarget={menuId}
						className="ml-auto flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
					>
						<StaticIcon icon={Menu} className="size-4" />
						Menu
					</button>
				</div>
				<div
					id={menuId}
					ref={menu}
					popover="auto"
					className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100vh-4rem)] w-full overflow-y-auto border-0 border-b border-slate-200 bg-white p-4 text-inherit shadow-lg lg:static lg:flex lg:h-auto lg:max-h-none lg:min-h-0 lg:flex-1 lg:flex-col lg:overflow-visible lg:border-b-0 lg:p-0 lg:shadow-none"
				>
					<div className="lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-3">
						<nav aria-label="Agent">
							<ul className="space-y-0.5">
								{agentSectionsFor(user.role).map((section) => {
									const current = isCurrentAgentSection(section.to, pathname)
									return (
										<li key={section.to}>
											<a aria-current={current ? 'page' : undefined} className={current ? currentClass : otherClass} {...linkTo(section.to)}>
												<StaticIcon icon={section.Icon} className="size-4 shrink-0" />
												{section.label}
											</a>
										</li>
									)
								})}
							</ul>
						</nav>
					</div>
					<div className="mt-4 space-y-3 border-t border-slate-200 pt-4 lg:mt-0 lg:p-4">
						<div className="flex items-center gap-3">
							<Avatar src={user.photoUrl} alt={user.name} />
							<div className="min-w-0 flex-1">
								<p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
								<p className="truncate text-xs text-slate-600">
									{user.roleLabel} · {user.email}
								</p>
							</div>
						</div>
						<SignOutForm />
					</div>
				</div>
			</header>
			<div className="min-w-0 flex-1">
				<Outlet />
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<div className="min-h-screen bg-slate-50">
			<header className="border-b border-slate-200 bg-white px-4 py-3">
				<Brand />
			</header>
			<RouteErrorBoundary />
		</div>
	)
}
