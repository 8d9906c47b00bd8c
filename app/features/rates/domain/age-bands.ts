import type { AgeBands } from '~/features/rates/domain/pricing/types.ts'

/**
 * The one rule for children's ages on every traveller form (the builder and /book-now), from the
 * owner's age bands in settings: a child is older than an infant and at most `childMaxAge`; older
 * travellers count as adults, younger ones as infants (docs/decisions/177-book-now-trip-and-terms.md).
 */
export function childAgeRule(bands: AgeBands) {
	const min = bands.infantMaxAge + 1
	const max = bands.childMaxAge
	const adultFrom = max + 1
	return {
		min,
		max,
		adultFrom,
		/** The field's label, the same wherever children's ages are asked. */
		label: `Children’s ages (${min} to ${max})`,
		hint: `Separated by commas, e.g. ${Math.min(max, min + 3)}, ${max}. ${adultFrom} and over count as adults; under ${min}, as infants.`,
		message: `List each child’s age from ${min} to ${max}, separated by commas. Travellers ${adultFrom} and over count as adults, babies under ${min} as infants.`,
	}
}
export type ChildAgeRule = ReturnType<typeof childAgeRule>

/** Children's ages as typed ("5, 9"): the ages, or the rule's message when one is not a whole number in the child band. */
export function parseChildAges(text: string | undefined, rule: ChildAgeRule): { ok: true; ages: number[] } | { ok: false; message: string } {
	const parts = (text ?? '').split(/[,\s]+/).filter(Boolean)
	if (parts.some((part) => !/^\d{1,2}$/.test(part) || Number(part) < rule.min || Number(part) > rule.max)) return { ok: false, message: rule.message }
	return { ok: true, ages: parts.map(Number) }
}
