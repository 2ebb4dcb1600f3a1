/**
 * The election screens' texts (EXTENSIONS §E): /c/{name}/elections, /c/{name}/elections/{id}
 * and the community page's banner. Apart from TEXTS so that only the lazy chunks of those
 * screens carry them. The server's refusals (ElectionTexts in @forum/contracts) are shown as the
 * server words them; the few repeated here are what the forms check before sending.
 */
export const ELECTION_TEXTS = {
  elections: 'Elections',
  electionsIntro: 'Members elect moderators by approval voting; ballots are secret.',
  electionsFailed: 'Failed to load elections',
  noElections: 'No elections yet.',
  electionFailed: 'Failed to load the election',
  electionNotFound: 'Election not found',
  electionNotFoundText: 'It may have been removed, or the link is wrong.',
  backToElections: 'All elections',
  /** An election's name in lists and titles: when it started. */
  electionOf: (date: string) => `Election of ${date}`,
  // Phases
  phases: {
    nominating: 'Nominations open',
    voting: 'Voting open',
    counting: 'Counting',
    closed: 'Closed',
  },
  // Countdowns
  nominationsCloseIn: (left: string) => `Nominations close in ${left}`,
  votingClosesIn: (left: string) => `Voting closes in ${left}`,
  counting: 'Voting has closed; the ballots are being counted',
  closedOn: (date: string) => `Closed ${date}`,
  // The banner on the community page
  bannerNominating: (left: string) => `An election is open: nominations close in ${left}`,
  bannerVoting: (until: string) => `Voting is open until ${until}`,
  // Facts
  seats: (n: number) => (n === 1 ? '1 seat' : `${n} seats`),
  seatsLabel: 'Seats',
  termLabel: 'Term',
  termDays: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  eligibleLabel: 'Eligible voters',
  ballotsLabel: 'Ballots cast',
  winnersLabel: 'Elected',
  noWinners: 'Nobody was elected.',
  // Starting an election
  startElection: 'Start an election',
  startTitle: 'Start an election',
  startDescription:
    'Members who belong to the community now may vote. Winners moderate for the term.',
  seatsField: 'Seats (1-5)',
  nominationField: 'Nominations last',
  votingField: 'Voting lasts',
  durationUnit: 'Unit',
  hours: 'hours',
  days: 'days',
  termField: 'Term (days, 30-730)',
  start: 'Start',
  starting: 'Starting...',
  startFailed: 'Failed to start the election',
  seatsInvalid: 'Seats must be a whole number from 1 to 5',
  termInvalid: 'A term lasts 30 to 730 days',
  durationInvalid: 'Enter a whole number greater than 0',
  phaseMax: 'A phase lasts at most 14 days',
  // Candidates
  candidates: 'Candidates',
  noCandidates: 'No candidates yet.',
  nominatedAgo: 'nominated',
  nominateYourself: 'Nominate yourself',
  statementLabel: 'Your statement (10-2000 characters)',
  statementHint: 'Why members should approve you. Plain text; line breaks are kept.',
  statementInvalid: 'Statement must be 10 to 2000 characters',
  nominate: 'Nominate',
  nominating: 'Sending...',
  nominateFailed: 'Failed to nominate you',
  withdraw: 'Withdraw',
  withdrawTitle: 'Withdraw your nomination?',
  withdrawText:
    'You leave the candidates; you may nominate yourself again while nominations are open.',
  withdrawFailed: 'Failed to withdraw',
  youCandidate: 'you',
  // The ballot
  ballot: 'Your ballot',
  ballotLegend: 'Approve every candidate you would accept as a moderator',
  ballotSecret: 'Ballots are secret: only the totals are published, after the close.',
  ballotFailed: 'Failed to load your ballot',
  castBallot: 'Cast ballot',
  replaceBallot: 'Replace ballot',
  casting: 'Sending...',
  castFailed: 'Failed to cast your ballot',
  approveRequired: 'Approve at least one candidate',
  ballotCast: 'Your ballot was cast.',
  ballotReplaced: 'Your ballot was replaced.',
  noCandidatesToVote: 'There are no candidates to vote for.',
  // Signed out
  signInToTakePart: 'Sign in to stand or vote',
  signInToTakePartText: 'Members nominate themselves and vote with a secret ballot.',
  // Results
  results: 'Results',
  resultsCaption: (ballots: number, seats: number) =>
    `Approvals per candidate from ${ballots === 1 ? '1 ballot' : `${ballots} ballots`}; ${
      seats === 1 ? '1 seat' : `${seats} seats`
    }.`,
  approvals: (n: number) => (n === 1 ? '1 approval' : `${n} approvals`),
  elected: 'Elected',
} as const;
