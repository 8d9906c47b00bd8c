import { Menu } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { type AdminSection, isCurrentSection, roleLabels, sectionsFor } from '~/components/admin-nav.tsx'
import { linkTo, useClientLinks } from '~/components/client-links.ts'
import { QuickSearchDialog, QuickSearchLink } from '~/features/search/components/quick-search.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { SignOutForm } from '~/features/identity/components/sign-out-form.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { StaticIcon } from '~/components/ui/static-icon.tsx'
import { site } from '~/lib/site.ts'
import { cn } from '~/lib/utils.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { countFollowUpsDue } from '~/features/leads/server/desk.server.ts'
import type { Route } from './+types/layout'

/** The admin layout: every page inside it needs an approved account (the layout checks, and so does each page). */
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const followUpsDue = await countFollowUpsDue(db())
	return { user: { name: user.displayName ?? user.email, email: user.email, photoUrl: user.photoUrl, role: user.role }, followUpsDue }
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

type NavUser = Route.ComponentProps['loaderData']['user']

const navLinkClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline'
const currentClass = cn(navLinkClass, 'bg-primary-50 text-primary-900')
const otherClass = cn(navLinkClass, 'text-slate-800 hover:bg-slate-100')

/** Both copies of the nav (phone menu and sidebar) are plain links worked out once per render (ADR 159). */
function AdminNav({ sections, pathname, label, followUpsDue }: { sections: readonly AdminSection[]; pathname: string; label: string; followUpsDue: number }) {
	const links = useClientLinks<HTMLElement>()
	return (
		<nav aria-label={label} ref={links}>
			<ul className="space-y-0.5">
				{sections.map(({ to, label: text, Icon }) => {
					const current = isCurrentSection(to, pathname)
					return (
						<li key={to}>
							<a aria-current={current ? 'page' : undefined} className={current ? currentClass : otherClass} {...linkTo(to)}>
								<StaticIcon icon={Icon} className="size-4 shrink-0" />
								{text}
								{to === '/admin/leads' && followUpsDue > 0 ? (
									<span className="ml-auto rounded-full bg-yellow-100 px-2 text-xs font-semibold text-yellow-900" data-testid="follow-ups-due">
										{followUpsDue}
										<span className="sr-only"> {followUpsDue === 1 ? 'follow-up' : 'follow-ups'} due today</span>
									</span>
								) : null}
							</a>
						</li>
					)
				})}
			</ul>
		</nav>
	)
}

function UserPanel({ user }: { user: NavUser }) {
	return (
		<div className="flex items-center gap-3">
			<Avatar src={user.photoUrl} alt={user.name} />
			<div className="min-w-0 flex-1">
				<p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
				<p className="truncate text-xs text-slate-600">
					{roleLabels[user.role]} · {user.email}
				</p>
			</div>
		</div>
	)
}

function Brand() {
	return (
		<Link to="/admin" className="text-base font-bold text-primary-900 no-underline">
			{site.shortName} <span className="font-medium text-slate-600">admin</span>
		</Link>
	)
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const { user, followUpsDue } = loaderData
	const menu = useRef<HTMLDetailsElement>(null)
	const { pathname } = useLocation()
	// The phone menu closes after choosing a page.
	useEffect(() => {
		if (menu.current) menu.current.open = false
	}, [pathname])
	const sections = sectionsFor(user.role)
	return (
		<div className="min-h-screen bg-slate-50 lg:flex">
			{/* Phones and tablets: a top bar with a menu that opens without JavaScript. */}
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:hidden">
				<div className="flex items-center justify-between gap-3 px-4 py-3">
					<Brand />
					<QuickSearchLink className="ml-auto" />
					<details ref={menu} className="group">
						<summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
							<Menu aria-hidden="true" className="size-4" />
							Menu
						</summary>
						<div className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-lg">
							<AdminNav sections={sections} pathname={pathname} label="Admin (menu)" followUpsDue={followUpsDue} />
							<div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
								<UserPanel user={user} />
								<SignOutForm />
							</div>
						</div>
					</details>
				</div>
			</header>

			{/* Desktop: a sidebar. */}
			<aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen">
				<div className="space-y-3 px-5 py-4">
					<Brand />
					<QuickSearchLink />
				</div>
				<div className="flex-1 overflow-y-auto px-3">
					<AdminNav sections={sections} pathname={pathname} label="Admin" followUpsDue={followUpsDue} />
				</div>
				<div className="space-y-3 border-t border-slate-200 p-4">
					<UserPanel user={user} />
					<SignOutForm />
				</div>
			</aside>

			<div className="min-w-0 flex-1">
				<Outlet />
			</div>
			<QuickSearchDialog />
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
