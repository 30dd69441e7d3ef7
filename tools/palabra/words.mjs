/**
 * Makes the word lists of "La palabra del día" (docs/games-palabra.md, "Word lists"):
 * `packages/server/src/features/games/modules/palabra-words.ts`. Run it only to change the lists:
 *
 *   mkdir -p /tmp/palabra && cd /tmp/palabra && npm install an-array-of-spanish-words @zxcvbn-ts/language-es-es
 *   NODE_PATH=/tmp/palabra/node_modules node tools/palabra/words.mjs
 *
 * - Guesses: every five-letter word of `an-array-of-spanish-words` (MIT, Zeke Sikelianos).
 * - Answers: the most frequent five-letter words of `@zxcvbn-ts/language-es-es`'s common words
 *   (MIT; frequencies from OpenSubtitles 2024 via OPUS, ODC-BY), kept only when also a dictionary
 *   word, without crude words. Accents are dropped (á counts as a), ñ stays a letter of its own.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dictionary = require('an-array-of-spanish-words');
const frequent = require('@zxcvbn-ts/language-es-es').dictionary['commonWords-es-es'];
const ANSWERS = 2000;
// Crude or hurtful words that a daily answer for everyone must never be (still valid guesses).
const NEVER = new Set(
  'joder jodes jodan jodas jodio putas putos polla pollas culos cagar cague cagas cagan caga coños zorra zorro tetas pedos folla mamon mamar verga pinga chupa chupo nazis negro negra gordo gorda mongo marica maric idiot puton perra perras puñal droga drogas matar mataron morir muera mueras murio asesi'.split(
    ' ',
  ),
);

const norm = (w) =>
  w
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303/g, 'ñ')
    .replace(/[\u0300-\u036f]/g, '');
const isWord = (w) => /^[a-zñ]{5}$/.test(w);

const guesses = new Set(dictionary.map(norm).filter(isWord));
const answers = [];
for (const w of frequent.map(norm)) {
  if (answers.length === ANSWERS) break;
  if (isWord(w) && guesses.has(w) && !NEVER.has(w) && !answers.includes(w)) answers.push(w);
}
for (const w of answers) guesses.delete(w);

const lines = (words) => {
  const out = [];
  for (let i = 0; i < words.length; i += 16) out.push(`  '${words.slice(i, i + 16).join(' ')}',`);
  return out.join('\n');
};
const file = `/**
 * Word lists of "La palabra del día", made by tools/palabra/words.mjs (do not edit by hand).
 * Answers: frequent words from @zxcvbn-ts/language-es-es (MIT; OpenSubtitles 2024 via OPUS,
 * ODC-BY). Guesses: an-array-of-spanish-words (MIT, Zeke Sikelianos). Accents dropped, ñ kept.
 * Server only: the frame never sees the answers (docs/games-palabra.md).
 */
/** The day's word comes from these, most frequent first (${answers.length} words). */
export const PALABRA_ANSWERS: readonly string[] = [
${lines(answers)}
]
  .join(' ')
  .split(' ');

/** Other words a guess may be (${guesses.size} words). */
export const PALABRA_OTHER_GUESSES: readonly string[] = [
${lines([...guesses].sort())}
]
  .join(' ')
  .split(' ');
`;
writeFileSync(
  new URL('../../packages/server/src/features/games/modules/palabra-words.ts', import.meta.url),
  file,
);
console.log(`${answers.length} answers, ${guesses.size} other guesses`);
