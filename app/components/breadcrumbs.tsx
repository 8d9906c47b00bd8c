import { Link } from 'react-router'

export type Crumb = { name: string; path: string }

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
	return (
		<nav aria-label="Breadcrumb" className="text-sm">
			<ol className="flex flex-wrap gap-1 text-slate-700">
				{trail.map((crumb, index) => (
					<li key={crumb.path} className="flex items-center gap-1">
						{index > 0 ? <span aria-hidden="true">/</span> : null}
						{index === trail.length - 1 ? (
							<span aria-current="page">{crumb.name}</span>
						) : (
							<Link to={crumb.path} className="text-slate-700 underline">
								{crumb.name}
							</Link>
						)}
					</li>
				))}
			</ol>
		</nav>
	)
}
