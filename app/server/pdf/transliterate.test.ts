import { expect, test } from 'vitest'
import { hasIndicScript, transliterate } from './transliterate.ts'

test('names in each Indian script are spelled in Latin letters a reader recognises', () => {
	expect(transliterate('अनन्या शर्मा')).toBe('Ananya Sharma')
	expect(transliterate('ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ')).toBe('Gurapreet Singh')
	expect(transliterate('ਸੁਖਵਿੰਦਰ ਕੱਕੜ')).toBe('Sukhavindar Kakkar')
	expect(transliterate('હાર્દિક પટેલ')).toBe('Hardik Patel')
	expect(transliterate('ସୁଭଶ୍ରୀ')).toBe('Subhashree')
	expect(transliterate('কমলা')).toBe('Kamala')
	expect(transliterate('கமலா')).toBe('Kamala')
	expect(transliterate('శ్రీనివాస్ రెడ్డి')).toBe('Shreenivas Reddi')
	expect(transliterate('ಕುಮಾರ್')).toBe('Kumar')
	expect(transliterate('നായർ')).toBe('Nayar')
})

test('other text is kept as it is, digits become digits', () => {
	expect(transliterate('Meera Iyer, ₹1,500')).toBe('Meera Iyer, ₹1,500')
	expect(transliterate('Room १२')).toBe('Room 12')
	expect(hasIndicScript('Meera')).toBe(false)
	expect(hasIndicScript('Meera मीरा')).toBe(true)
})
