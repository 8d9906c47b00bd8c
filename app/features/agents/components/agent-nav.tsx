import {
	BookOpenCheck,
	Calculator,
	FileSpreadsheet,
	FileText,
	Palette,
	LayoutDashboard,
	type LucideIcon,
	ReceiptIndianRupee,
	Route,
	Tags,
	UserRound,
	UsersRound,
	Wallet,
} from 'lucide-react'
import { isCurrentPath } from '~/components/client-links.ts'
import type { AgentRole } from '~/features/identity/server/users.server.ts'

/** The agent roles in words (the nav's user panel, the users list). */
export const agentRoleLabels: Record<AgentRole, string> = { agent_admin: 'Agency admin', agent_user: 'Agent' }

/** A section of the agent area (/agent, ADR 221), as the agent area's nav shows it. */
export type AgentSection = {
	to: string
	label: string
	description: string
	Icon: LucideIcon
	/** Shown to the agency's admin (agent_admin) only. */
	adminOnly?: boolean
}

/** Every section of the agent area, in the order its nav shows them. Agent users see these and nothing of the admin area. */
export const agentSections: readonly AgentSection[] = [
	{ to: '/agent', label: 'Home', description: 'Your agency at a glance', Icon: LayoutDashboard },
	{ to: '/agent/book', label: 'Price and book', description: 'Your net price, your markup, your client’s price; book on credit', Icon: Calculator },
	{ to: '/agent/prices', label: 'Instant prices', description: 'Every package’s net and client price for a date and party', Icon: Tags },
	{ to: '/agent/build', label: 'Build a trip', description: 'Islands, hotels and activities of your choice, priced at your net', Icon: Route },
	{ to: '/agent/bookings', label: 'Bookings', description: 'Your bookings, their status and your credit', Icon: BookOpenCheck },
	{ to: '/agent/quotes', label: 'Quotes', description: 'Your quotes to your clients: open, accepted or expired, and their links', Icon: FileText },
	{ to: '/agent/invoices', label: 'Tax invoices', description: 'Our tax invoices to your agency, with your GSTIN', Icon: FileSpreadsheet },
	{ to: '/agent/statement', label: 'Statement', description: 'Your statement of account, on screen, CSV and PDF', Icon: ReceiptIndianRupee },
	{ to: '/agent/wallet', label: 'Wallet', description: 'Your available credit; top up online', Icon: Wallet, adminOnly: true },
	{ to: '/agent/brand', label: 'Your brand', description: 'Your name, logo and contact on your clients’ quotes and vouchers', Icon: Palette, adminOnly: true },
	{ to: '/agent/users', label: 'Users', description: 'Who in your agency can sign in', Icon: UsersRound, adminOnly: true },
	{ to: '/agent/profile', label: 'Your account', description: 'Password, two-step sign-in and where you are signed in', Icon: UserRound },
]

export function agentSectionsFor(role: AgentRole): readonly AgentSection[] {
	return agentSections.filter((section) => !section.adminOnly || role === 'agent_admin')
}

/** The home page on itself only; every other section on its own page and the pages under it. */
export function isCurrentAgentSection(to: string, pathname: string): boolean {
	return isCurrentPath(to, pathname, { end: to === '/agent' })
}
