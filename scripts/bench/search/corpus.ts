/**
 * Text for the search bench: posts and comments drawn from one vocabulary with a Zipf-like
 * frequency (a few words in most documents, most words in few), so a query's cost depends on how
 * common its words are, as on a real forum. Real English words (the ones the queries use) lead
 * the ranking; made-up words fill the long tail. Pure and deterministic for one random source.
 */

/** Real words, most common first: the queries pick from the head, the middle and the tail. */
export const COMMON_WORDS = [
  'think',
  'people',
  'time',
  'work',
  'good',
  'really',
  'thanks',
  'question',
  'problem',
  'idea',
  'release',
  'database',
  'running',
  'keyboard',
  'index',
  'server',
  'garden',
  'recipe',
  'travel',
  'music',
  'camera',
  'bicycle',
  'winter',
  'meetup',
  'benchmark',
  'library',
  'weekend',
  'project',
  'coffee',
  'mountain',
  'guitar',
  'network',
  'painting',
  'battery',
  'kitchen',
  'football',
  'lantern',
  'harbour',
  'glacier',
  'violin',
  'compiler',
  'telescope',
  'saffron',
  'origami',
] as const;

const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'ten', 'vos', 'al', 'bre', 'dun', 'fi', 'gor', 'hes'];

/** Made-up words of two to four syllables (the vocabulary's long tail). */
function madeUpWords(count: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const n = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

export interface Corpus {
  /** n words joined with spaces (a capital first letter and a full stop). */
  sentence(n: number): string;
}

/** Word `rank` (0 = most common) is drawn with a weight of 1 / (rank + 1). */
export function makeCorpus(random: () => number, tail = 5000): Corpus {
  const vocabulary = [...COMMON_WORDS, ...madeUpWords(tail, random)];
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 0; rank < vocabulary.length; rank++) {
    sum += 1 / (rank + 1);
    cumulative.push(sum);
  }
  const pick = (): string => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo]!;
  };
  return {
    sentence(n) {
      const words = Array.from({ length: n }, pick);
      const first = words[0]!;
      words[0] = first[0]!.toUpperCase() + first.slice(1);
      return `${words.join(' ')}.`;
    },
  };
}
