import type { Faq } from '~/features/catalog/domain/packages.ts'

/** Questions as details/summary: open and close without JavaScript, keyboard friendly. */
export function Faqs({ faqs, heading = 'Questions travellers ask' }: { faqs: Faq[]; heading?: string }) {
	if (!faqs.length) return null
	return (
		<section aria-labelledby="faq-heading" className="mt-12">
			<h2 id="faq-heading" className="text-2xl font-semibold">
				{heading}
			</h2>
			<div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
				{faqs.map((faq) => (
					<details key={faq.q} className="group p-4">
						<summary className="cursor-pointer font-medium text-slate-900">{faq.q}</summary>
						<p className="mt-2 text-slate-700">{faq.a}</p>
					</details>
				))}
			</div>
		</section>
	)
}
