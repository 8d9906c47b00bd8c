import { Menu } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { type AdminSection, isCurrentSection, roleLabels, sectionsFor } from '~/components/admin-nav.tsx'
import { linkTo } from '~/components/client-links.ts'
import { QuickSearchDialog, QuickSearchLink } from '~/features/search/components/quick-search.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { SignOutForm } from '~/features/identity/components/sign-out-form.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { StaticIcon, staticIconHtml } from '~/components/ui/static-icon.tsx'
import { escapeHtml } from '~/lib/html.ts'
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

const itemMarkup = new Map<string, string>()

/**
 * A nav link's content (icon and name) as ready markup, made once per section: the nav is on every
 * staff page, and writing its nineteen icons and names as elements was a tenth of a list's render
 * (ADR 163). The follow-up count on Leads changes, so it is added per render. With `<NavLink>`s and
 * Lucide elements instead, the leads list measured 2.22× hello and pending bookings 2.43×, over the 2×
 * goal (ADR 227).
 */
function navItemHtml({ to, label, Icon }: AdminSection, followUpsDue: number): string {
	let html = itemMarkup.get(to)
	if (html === undefined) {
		html = staticIconHtml(Icon, 'size-4 shrink-0') + escapeHtml(label)
		itemMarkup.set(to, html)
	}
	if (to !== '/admin/leads' || followUpsDue <= 0) return html
	const count = Math.trunc(followUpsDue)
	return `${html}<span class="ml-auto rounded-full bg-yellow-100 px-2 text-xs font-semibold text-yellow-900" data-testid="follow-ups-due">${count}<span class="sr-only"> ${count === 1 ? 'follow-up' : 'follow-ups'} due today</span></span>`
}

/** The nav: plain links worked out once per render (ADR 159), drawn once for phones and desktops (ADR 163). */
function AdminNav({ sections, pathname, followUpsDue }: { sections: readonly AdminSection[]; pathname: string; followUpsDue: number }) {
	return (
		<nav aria-label="Admin">
			<ul className="space-y-0.5">
				{sections.map((section) => {
					const current = isCurrentSection(section.to, pathname)
					return (
						<li key={section.to}>
							<a
								aria-current={current ? 'page' : undefined}
								className={current ? currentClass : otherClass}
								{...linkTo(section.to)}
								dangerouslySetInnerHTML={{ __html: navItemHtml(section, followUpsDue) }}
							/>
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
		<a className="text-base font-bold text-primary-900 no-underline" {...linkTo('/admin')}>
			{site.shortName} <span className="font-medium text-slate-600">admin</span>
		</a>
	)
}

/** The id the phone menu button opens; on a desktop the same element is the sidebar's nav. */
const menuId = 'admin-menu'

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const { user, followUpsDue } = loaderData
	const menu = useRef<HTMLDivElement>(null)
	const { pathname } = useLocation()
	// The phone menu closes after choosing a page.
	useEffect(() => {
		if (menu.current?.matches(':popover-open')) menu.current.hidePopover()
	}, [pathname])
	const sections = sectionsFor(user.role)
	// One nav, drawn once (ADR 163): a sidebar on a desktop; on a phone, a top bar whose Menu button
	// opens the same nav as a popover, which needs no JavaScript.
	return (
		<div className="min-h-screen bg-slate-50 lg:flex">
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
				<div className="flex h-16 items-center gap-3 px-4 lg:block lg:h-auto lg:space-y-3 lg:px-5 lg:py-4">
					<Brand />
					<QuickSearchLink className="ml-auto" />
					<button
						type="button"
						popoverTarget={menuId}
						className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
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
						<AdminNav sections={sections} pathname={pathname} followUpsDue={followUpsDue} />
					</div>
					<div className="mt-4 space-y-3 border-t border-slate-200 pt-4 lg:mt-0 lg:p-4">
						<UserPanel user={user} />
						<SignOutForm />
					</div>
				</div>
			</header>

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
