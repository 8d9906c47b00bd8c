import { createContext, useContext } from 'react'
import type { StaticClientData } from '~/lib/static-page.ts'

/** Set by entry.server.tsx when the page ships no framework code (app/lib/static-page.ts); null everywhere else. */
export const StaticPageContext = createContext<{ src: string; integrity: string; version: string } | null>(null)

export function useStaticPage() {
	return useContext(StaticPageContext)
}

/** The static page's one script, with what it needs in data attributes (read by app/static-client.ts). */
export function StaticClientScript({ src, integrity, data }: { src: string; integrity: string; data: StaticClientData }) {
	return (
		<script
			type="module"
			src={src}
			integrity={integrity}
			crossOrigin="anonymous"
			data-static-client=""
			data-version={data.version}
			data-analytics-id={data.analyticsId}
			data-toast={data.toast}
		/>
	)
}
