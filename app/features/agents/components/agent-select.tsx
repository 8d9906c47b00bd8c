import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/lib/forms.ts'

/** Attributes a lead or a booking to a partner agency (intent "agent"); the server checks the agent exists. */
export function AgentSelect({ agents, current, error }: { agents: ReadonlyArray<{ value: string; label: string }>; current: string | null; error?: string }) {
	const busy = useIsPending({ intent: 'agent' })
	return (
		<Form method="post" className="mt-4 space-y-2 border-t border-slate-200 pt-4">
			<input type="hidden" name="intent" value="agent" />
			<label className="block text-sm font-medium text-slate-800">
				Partner agent
				<select
					name="agentId"
					defaultValue={current ?? ''}
					aria-invalid={error ? true : undefined}
					className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
				>
					<option value="">No agent (direct)</option>
					{agents.map((agent) => (
						<option key={agent.value} value={agent.value}>
							{agent.label}
						</option>
					))}
				</select>
			</label>
			{error ? (
				<p role="alert" className="text-sm font-medium text-error-700">
					{error}
				</p>
			) : null}
			<Button type="submit" variant="outline" size="sm" pending={busy}>
				Save agent
			</Button>
		</Form>
	)
}
