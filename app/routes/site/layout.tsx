import { Mail, MapPin, Menu, Phone } from 'lucide-react'
import { Outlet, useLocation } from 'react-router'
import { isCurrentPath, linkTo } from '~/components/client-links.ts'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Logo } from '~/components/logo.tsx'
import { StaticIcon } from '~/components/ui/static-icon.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { mainNavigation, site, whatsappLink } from '~/lib/site.ts'
import { cn } from '~/lib/utils.ts'

const navLinkClass = 'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium no-underline hover:bg-primary-50 lg:px-2 xl:px-3'
const currentNavClass = cn(navLinkClass, 'text-primary-800')
const otherNavClass = cn(navLinkClass, 'text-slate-800')

/**
 * The main nav's links: plain `linkTo` anchors with `<NavLink>`'s current-page marking. The header and
 * footer hold 30 links on every public page; as `<Link>`s they cost ~2.5 ms a render more (home
 * 1.95× → 2.53× of hello, ADR 227), so the chrome keeps plain anchors.
 */
function MainNavLinks({ pathname, className }: { pathname: string; className?: string }) {
	return mainNavigation.map((item) => {
		const current = isCurrentPath(item.to, pathname)
		return (
			<li key={item.to}>
				<a aria-current={current ? 'page' : undefined} className={cn(current ? currentNavClass : otherNavClass, className)} {...linkTo(item.to)}>
					{item.label}
				</a>
			</li>
		)
	})
}

export function SiteHeader() {
	const { pathname } = useLocation()
	return (
		<header className="no-print sticky top-0 z-30 border-b border-slate-200 bg-white">
			<div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
				<Logo />
				<nav aria-label="Main" className="hidden lg:block">
					<ul className="flex items-center gap-1">
						<MainNavLinks pathname={pathname} />
					</ul>
				</nav>
				<div className="flex items-center gap-1 sm:gap-2">
					{/* Call and WhatsApp on every page, a phone's first screen included: icons there, the number beside them from sm up. */}
					<a
						href={site.phoneHref}
						title={site.phone}
						className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold no-underline hover:bg-slate-100"
					>
						<StaticIcon icon={Phone} className="size-4" />
						<span className="sr-only">Call </span>
						{/* Beside the icon on a tablet; beside the main links on a desktop there is room for the icon only. */}
						<span className="sr-only sm:not-sr-only lg:sr-only">{site.phone}</span>
					</a>
					<a
						href={whatsappLink('Hello! I have a question about an Andaman trip.')}
						className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold no-underline hover:bg-slate-100"
					>
						<WhatsAppIcon className="size-5 text-[#128C7E]" />
						<span className="sr-only sm:not-sr-only lg:sr-only">WhatsApp</span>
					</a>
					{/* A details element: the menu opens and closes without JavaScript. */}
					<details className="relative lg:hidden">
						<summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
							<StaticIcon icon={Menu} className="size-4" />
							<span className="sr-only sm:not-sr-only">Menu</span>
						</summary>
						<nav aria-label="Main (mobile)" className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
							<ul>
								<MainNavLinks pathname={pathname} className="block" />
							</ul>
						</nav>
					</details>
				</div>
			</div>
		</header>
	)
}

const footerColumns = [
	{
		heading: 'Plan',
		links: [
			{ to: '/packages', label: 'Tour packages' },
			{ to: '/builder', label: 'Build your trip' },
			{ to: '/quote', label: 'Ask for a quote' },
			{ to: '/instant-tour-packages', label: 'Instant price' },
			{ to: '/andaman-tour-plan', label: 'Sample itineraries' },
		],
	},
	{
		heading: 'Explore',
		links: [
			{ to: '/destinations', label: 'Islands' },
			{ to: '/activities', label: 'Activities' },
			{ to: '/travel-guide', label: 'Travel guide' },
			{ to: '/andaman-weather-best-time-to-visit', label: 'Best time to visit' },
			{ to: '/emergency', label: 'Emergency help' },
			{ to: '/reviews', label: 'Traveller reviews' },
		],
	},
	{
		heading: 'Company',
		links: [
			{ to: '/about-us', label: 'About us' },
			{ to: '/contact', label: 'Contact' },
			{ to: '/terms', label: 'Terms' },
			{ to: '/privacy', label: 'Privacy' },
			{ to: '/cancellation', label: 'Cancellation policy' },
			{ to: '/sitemap', label: 'Sitemap' },
		],
	},
]

export function SiteFooter() {
	return (
		<footer className="no-print content-auto mt-16 border-t border-slate-200 bg-slate-900 text-slate-200">
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
				<div className="space-y-3">
					<p className="text-lg font-semibold text-white">{site.name}</p>
					<p className="text-sm">{site.tagline}.</p>
					<ul className="space-y-2 text-sm">
						<li className="flex gap-2">
							<StaticIcon icon={Phone} className="size-4 shrink-0" />
							<a href={site.phoneHref} className="text-white">
								{site.phone}
							</a>
						</li>
						<li className="flex gap-2">
							<WhatsAppIcon className="size-4 shrink-0" />
							<a href={whatsappLink('Hello! I am planning an Andaman trip.')} className="text-white">
								WhatsApp us
							</a>
						</li>
						<li className="flex gap-2">
							<StaticIcon icon={Mail} className="size-4 shrink-0" />
							<a href={`mailto:${site.email}`} className="text-white">
								{site.email}
							</a>
						</li>
						<li className="flex gap-2">
							<StaticIcon icon={MapPin} className="size-4 shrink-0" />
							<span>{site.address}</span>
						</li>
					</ul>
				</div>
				{footerColumns.map((column) => (
					<nav key={column.heading} aria-label={column.heading}>
						<p className="font-semibold text-white">{column.heading}</p>
						<ul className="mt-3 space-y-2 text-sm">
							{column.links.map((link) => (
								<li key={link.to}>
									<a className="text-slate-200 hover:text-white" {...linkTo(link.to)}>
										{link.label}
									</a>
								</li>
							))}
						</ul>
					</nav>
				))}
			</div>
			<p className="border-t border-slate-800 py-4 text-center text-xs text-slate-300">
				© {new Date().getFullYear()} {site.name}. Prices in Indian rupees (₹), including GST where stated.
			</p>
		</footer>
	)
}

export default function SiteLayout() {
	return (
		<div className="flex min-h-screen flex-col">
			<SiteHeader />
			<div className="flex-1">
				<Outlet />
			</div>
			<SiteFooter />
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<div className="flex min-h-screen flex-col">
			<SiteHeader />
			<div className="flex-1">
				<RouteErrorBoundary />
			</div>
			<SiteFooter />
		</div>
	)
}
