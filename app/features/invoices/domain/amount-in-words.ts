const ones = [
	'',
	'One',
	'Two',
	'Three',
	'Four',
	'Five',
	'Six',
	'Seven',
	'Eight',
	'Nine',
	'Ten',
	'Eleven',
	'Twelve',
	'Thirteen',
	'Fourteen',
	'Fifteen',
	'Sixteen',
	'Seventeen',
	'Eighteen',
	'Nineteen',
]
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

function belowHundred(n: number): string {
	if (n < 20) return ones[n]!
	return tens[Math.floor(n / 10)]! + (n % 10 ? `-${ones[n % 10]}` : '')
}

function belowThousand(n: number): string {
	const hundreds = Math.floor(n / 100)
	const rest = n % 100
	return [hundreds ? `${ones[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ')
}

/** A whole number in words, Indian style: crore (10^7), lakh (10^5), thousand, hundred. */
export function indianNumberInWords(n: number): string {
	if (!Number.isSafeInteger(n) || n < 0) throw new Error('Only whole, non-negative numbers.')
	if (n === 0) return 'Zero'
	const crore = Math.floor(n / 10_000_000)
	const lakh = Math.floor((n % 10_000_000) / 100_000)
	const thousand = Math.floor((n % 100_000) / 1000)
	const rest = n % 1000
	return [
		crore ? `${indianNumberInWords(crore)} Crore` : '',
		lakh ? `${belowHundred(lakh)} Lakh` : '',
		thousand ? `${belowHundred(thousand)} Thousand` : '',
		rest ? belowThousand(rest) : '',
	]
		.filter(Boolean)
		.join(' ')
}

/** ₹1,23,456.50 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only". */
export function amountInWords(paise: number): string {
	if (!Number.isSafeInteger(paise) || paise < 0) throw new Error('Only whole, non-negative paise.')
	const rupees = Math.floor(paise / 100)
	const rest = paise % 100
	if (rupees === 0 && rest) return `${belowHundred(rest)} Paise Only`
	return `Rupees ${indianNumberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`
}
