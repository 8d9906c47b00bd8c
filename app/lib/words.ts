/** Plain-English counting for text travellers read: "1 child", "2 children". */
export function plural(n: number, one: string, many = `${one}s`): string {
	return `${n} ${n === 1 ? one : many}`
}

/** "5", "5 and 9", "3, 5 and 9". */
export function listWords(items: readonly (string | number)[]): string {
	const words = items.map(String)
	if (words.length <= 1) return words.join('')
	return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** "2 adults, 1 child aged 7 and 1 infant"; children are listed with their ages. */
export function describeParty(party: { adults: number; childAges: readonly number[]; infants: number }): string {
	const parts = [plural(party.adults, 'adult')]
	if (party.childAges.length) parts.push(`${plural(party.childAges.length, 'child', 'children')} aged ${listWords(party.childAges)}`)
	if (party.infants) parts.push(plural(party.infants, 'infant'))
	return listWords(parts)
}
