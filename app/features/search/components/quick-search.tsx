import { Search } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher, useNavigate } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { quickSearchLimits, type SearchGroup } from '~/features/search/domain/quick-search.ts'
import { cn } from '~/lib/utils.ts'

const openEvent = 'quick-search:open'
const searchPath = '/admin/search'

type SearchAnswer = { q: string; error: string | null; groups: SearchGroup[] }

/** True when a key press belongs to what the user is typing, not to the page. */
function isTyping(target: EventTarget | null): boolean {
	if (!(target instanceof HTMLElement)) return false
	return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * The link to the search page; with JavaScript it opens the search dialog in place
 * (a plain click only: a middle click or Ctrl+click still opens the page in a new tab).
 */
export function QuickSearchLink({ className }: { className?: string }) {
	return (
		<a
			href={searchPath}
			className={cn(
				'flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 no-underline hover:bg-slate-100',
				className,
			)}
			aria-keyshortcuts="/ Control+K"
			onClick={(event) => {
				if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
				event.preventDefault()
				window.dispatchEvent(new Event(openEvent))
			}}
		>
			<Search aria-hidden="true" className="size-4" />
			Search
			<kbd className="ml-auto hidden rounded border border-slate-300 px-1 text-xs text-slate-600 lg:inline">/</kbd>
		</a>
	)
}

/**
 * The search dialog of the admin area (docs/decisions/129-quick-search.md): `/` or Ctrl+K (⌘K)
 * opens it from any admin page. An ARIA combobox: typing searches (debounced), the arrow keys
 * move through the matches, Enter opens one, Esc closes. Rendered once, in the admin layout.
 */
export function QuickSearchDialog() {
	const [open, setOpen] = useState(false)
	const [text, setText] = useState('')
	const [active, setActive] = useState(0)
	const fetcher = useFetcher<SearchAnswer>()
	const navigate = useNavigate()
	const listId = useId()
	const hintId = useId()
	const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
	const load = useRef(fetcher.load)
	useEffect(() => {
		load.current = fetcher.load
	})

	useEffect(() => {
		const onKey = (event: globalThis.KeyboardEvent) => {
			const shortcut =
				(event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) ||
				(event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target))
			if (!shortcut) return
			event.preventDefault()
			setOpen(true)
		}
		const onOpen = () => setOpen(true)
		window.addEventListener('keydown', onKey)
		window.addEventListener(openEvent, onOpen)
		return () => {
			window.removeEventListener('keydown', onKey)
			window.removeEventListener(openEvent, onOpen)
		}
	}, [])
	useEffect(() => () => clearTimeout(timer.current ?? undefined), [])

	const answer = fetcher.data
	const hits = answer?.groups.flatMap((group) => group.hits) ?? []
	const typed = text.trim()
	const searching = typed.length >= quickSearchLimits.minLength
	const showing = searching && answer !== undefined && answer.q === typed
	const optionId = (index: number) => `${listId}-option-${index}`

	const onInput = (value: string) => {
		setText(value)
		setActive(0)
		clearTimeout(timer.current ?? undefined)
		const q = value.trim()
		if (q.length < quickSearchLimits.minLength) return
		timer.current = setTimeout(() => void load.current(`${searchPath}?${new URLSearchParams({ q })}`), 150)
	}
	const go = (href: string) => {
		setOpen(false)
		void navigate(href)
	}
	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault()
			if (!hits.length) return
			setActive((index) => (event.key === 'ArrowDown' ? (index + 1) % hits.length : (index - 1 + hits.length) % hits.length))
		} else if (event.key === 'Enter') {
			event.preventDefault()
			const hit = showing ? hits[active] : undefined
			// Enter with nothing chosen opens the full search page for the words.
			go(hit ? hit.href : typed ? `${searchPath}?${new URLSearchParams({ q: typed })}` : searchPath)
		}
	}
	useEffect(() => {
		if (open && showing) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
	})

	let index = -1
	return (
		<Dialog
			open={open}
			onOpenChange={(next) => {
				setOpen(next)
				if (!next) clearTimeout(timer.current ?? undefined)
			}}
			title="Search the desk"
			description="Reference, name, phone or email. Arrow keys choose, Enter opens, Esc closes."
		>
			<div className="space-y-3">
				<label htmlFor={`${listId}-input`} className="sr-only">
					Search for a reference, name, phone or email
				</label>
				<input
					id={`${listId}-input`}
					type="text"
					role="combobox"
					aria-expanded={showing && hits.length > 0}
					aria-controls={listId}
					aria-autocomplete="list"
					aria-activedescendant={showing && hits.length ? optionId(active) : undefined}
					aria-describedby={hintId}
					autoComplete="off"
					spellCheck={false}
					maxLength={quickSearchLimits.maxLength}
					value={text}
					onChange={(event) => onInput(event.target.value)}
					onKeyDown={onKeyDown}
					placeholder="e.g. LD-2026-00042, Meera, 98765 43210"
					className="w-full rounded-md border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
				/>
				<p id={hintId} className="text-sm text-slate-700" role="status" aria-live="polite">
					{!searching
						? `Type at least ${quickSearchLimits.minLength} characters.`
						: !showing
							? 'Searching…'
							: hits.length
								? `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}.`
								: 'Nothing matches. Try part of the phone number or the reference.'}
				</p>
				<div id={listId} role="listbox" aria-label="Matches" className="max-h-[55vh] space-y-3 overflow-y-auto">
					{showing
						? answer.groups.map((group) => (
								<div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
									<p id={`${listId}-${group.kind}`} role="presentation" className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
										{group.heading}
									</p>
									{group.hits.map((hit) => {
										index += 1
										const mine = index
										return (
											<div
												key={hit.id}
												id={optionId(mine)}
												role="option"
												aria-selected={mine === active}
												// Focus stays in the combobox (aria-activedescendant); an option is reached by pointer or by the arrow keys there.
												tabIndex={-1}
												onMouseMove={() => setActive(mine)}
												onClick={() => go(hit.href)}
												onKeyDown={(event) => {
													if (event.key === 'Enter') go(hit.href)
												}}
												className={cn(
													'cursor-pointer rounded-md px-2 py-1.5',
													mine === active ? 'bg-primary-50 ring-2 ring-primary-700 ring-inset' : 'hover:bg-slate-50',
												)}
											>
												<p className="font-medium text-slate-900">{hit.title}</p>
												{hit.detail ? <p className="text-sm text-slate-700">{hit.detail}</p> : null}
											</div>
										)
									})}
								</div>
							))
						: null}
				</div>
				<p className="text-sm">
					<Link to={typed ? `${searchPath}?${new URLSearchParams({ q: typed })}` : searchPath} onClick={() => setOpen(false)}>
						Open the search page
					</Link>
				</p>
			</div>
		</Dialog>
	)
}
