import type { Random } from './random.js';

const FIRST = [
  'alex',
  'sam',
  'jordan',
  'taylor',
  'casey',
  'riley',
  'morgan',
  'jamie',
  'quinn',
  'avery',
  'harper',
  'rowan',
  'sage',
  'emery',
  'finley',
  'kai',
  'luca',
  'mira',
  'nina',
  'omar',
  'priya',
  'ravi',
  'sofia',
  'theo',
  'uma',
  'victor',
  'wen',
  'yara',
  'zane',
  'ines',
];
const LAST = [
  'writes',
  'codes',
  'reads',
  'hikes',
  'cooks',
  'paints',
  'plays',
  'builds',
  'dreams',
  'travels',
];

/** Letters and digits only (spec §5), unique by the index. */
export const username = (i: number, rnd: Random) =>
  `${rnd.pick(FIRST)}${rnd.pick(LAST)}${i}`.slice(0, 50);

export const COMMUNITY_TOPICS: { name: string; about: string; nsfw?: boolean }[] = [
  { name: 'photography', about: 'Share your shots, gear talk and editing tips.' },
  { name: 'cooking', about: 'Recipes, techniques and kitchen disasters.' },
  { name: 'programming', about: 'Code, tools, languages and the craft of software.' },
  { name: 'hiking', about: 'Trails, trip reports and gear for walking outdoors.' },
  { name: 'books', about: 'What are you reading? Reviews and recommendations.' },
  { name: 'gardening', about: 'Vegetables, flowers, houseplants and compost.' },
  { name: 'music', about: 'New releases, old favourites and making music.' },
  { name: 'movies', about: 'Films, trailers, reviews and hot takes.' },
  { name: 'science', about: 'Papers, discoveries and questions about the world.' },
  { name: 'gaming', about: 'Video games, board games and everything in between.' },
  { name: 'travel', about: 'Trip reports, itineraries and advice from the road.' },
  { name: 'fitness', about: 'Training logs, routines and motivation.' },
  { name: 'diy', about: 'Build it yourself: woodworking, repairs, projects.' },
  { name: 'space', about: 'Launches, telescopes, astronomy and astrophotography.' },
  { name: 'history', about: 'Stories and questions about the past.' },
  { name: 'coffee', about: 'Beans, brewing methods and cafe recommendations.' },
  { name: 'afterdark', about: 'Adult humour and mature discussion. 18+ only.', nsfw: true },
  { name: 'uncensored', about: 'Unfiltered talk for adults. 18+ only.', nsfw: true },
  { name: 'cycling', about: 'Road, gravel, commuting and bike maintenance.' },
  { name: 'pets', about: 'Cats, dogs and every other companion.' },
];

/** The i-th community: the topics first, then numbered variants; about 1 in 8 is NSFW. */
export function community(i: number): { name: string; description: string; nsfw: boolean } {
  const topic = COMMUNITY_TOPICS[i % COMMUNITY_TOPICS.length]!;
  const round = Math.floor(i / COMMUNITY_TOPICS.length);
  return {
    name: round === 0 ? topic.name : `${topic.name}_${round + 1}`,
    description: topic.about,
    nsfw: topic.nsfw ?? false,
  };
}

const WORDS = (
  'the a this that my your our new old best first last quick simple honest small big strange ' +
  'question idea project trip recipe photo story review guide result update weekend morning ' +
  'city garden kitchen camera trail book song film game code bug release tool plan map ' +
  'finally really maybe always never today yesterday tomorrow after before while because ' +
  'works broke changed surprised learned found made tried built fixed loved missed shared'
).split(' ');

const OPENERS = [
  'I have been thinking about',
  'Does anyone else struggle with',
  'Quick tip about',
  'Unpopular opinion on',
  'Looking for advice on',
  'Finally finished',
  'What is your take on',
  'A small win with',
  'Lessons learned from',
  'First attempt at',
];

const REPLIES = [
  'Great point, I had the same experience.',
  'I disagree, but I see where you are coming from.',
  'Thanks for sharing, this is really helpful!',
  'Could you explain a bit more?',
  'This made my day.',
  'Source? I would love to read more.',
  'Same here. It took me weeks to figure out.',
  'Have you tried doing it the other way round?',
  'Underrated comment.',
  'Saving this for later.',
  'That is exactly what happened to me last year.',
  'Interesting, I never thought about it like that.',
];

export function sentence(rnd: Random, min = 6, max = 16): string {
  const n = rnd.int(min, max);
  const words = Array.from({ length: n }, () => rnd.pick(WORDS));
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

export const paragraph = (rnd: Random, sentences = rnd.int(2, 6)) =>
  Array.from({ length: sentences }, () => sentence(rnd)).join(' ');

export function postTitle(rnd: Random, topic: string): string {
  return `${rnd.pick(OPENERS)} ${topic}: ${sentence(rnd, 3, 7).slice(0, -1).toLowerCase()}`.slice(
    0,
    300,
  );
}

export function postBody(rnd: Random): string {
  return Array.from({ length: rnd.int(1, 4) }, () => paragraph(rnd)).join('\n\n');
}

export function commentText(rnd: Random): string {
  return rnd.chance(0.4) ? rnd.pick(REPLIES) : paragraph(rnd, rnd.int(1, 3));
}

export const linkUrl = (rnd: Random, topic: string) =>
  `https://example.com/${topic}/${rnd.int(1000, 9999)}-${rnd.pick(WORDS)}`;
