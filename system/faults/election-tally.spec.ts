import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ObjectId } from 'mongodb';
import type { Api } from '../../scripts/lib/api-client.js';
import type { SystemStack } from '../lib/system-stack.js';
import { restartAndWait, startFaultStack, type FaultStack, type User } from './support.js';
import {
  ballotPairs,
  castBallots,
  clockPast,
  electionInVoting,
  expectBallotsSecret,
  expectOneResult,
  killProc,
  launchForum,
  waitPhase,
  type ElectionWorld,
} from './election-checks.js';

/**
 * Issue 18, the tally under faults (EXTENSIONS §E: "at voting_close_at the service tallies by
 * itself, also after a restart"), on the real stack with real processes and the real clock:
 * A. svc-forum is SIGKILLed during the voting and stays down until well after the close; its
 *    start-up closes the election.
 * B. two svc-forum instances on one database and NATS take ballots (a voter's replacement may go
 *    to the other instance) and run through the close; the gateway's instance is SIGKILLed the
 *    moment voting closes, so the tally is the other's, or the killed one's if it committed first.
 * Each time exactly one result: approvals equal the final ballots, a tie goes to the earlier
 * nomination, the winners sit once with their term, one election_closed in the public log, one
 * `election` notification per candidate and voter. Then ballot secrecy across all of it: no
 * document outside the ballot store and no log line (svc-forum at trace) pairs a voter with a
 * candidate they approved.
 */

/** Phases (s): long enough for a loaded machine to nominate, or to cast the ballots, in. */
const PHASES = [3, 5];
/** How long svc-forum stays down after the close in A: several of its 1 s sweeps missed. */
const DOWN_AFTER_CLOSE_MS = 2_500;
const SEATS = 2;
const TERM_DAYS = 30;
const SECRET = 'faults-election-tally-ballot-secret';

test.describe.serial('elections: the tally under faults, exactly once', () => {
  let f: FaultStack;
  let stack: SystemStack;
  let api: Api;
  const worlds: ElectionWorld[] = [];
  const t0 = Date.now();
  const phase = (what: string) =>
    console.log(`[faults-election-tally] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    f = await startFaultStack('faults-election-tally', {
      BCRYPT_ROUNDS: '4',
      ELECTION_MIN_PHASE_SECONDS: '1',
      ELECTION_BALLOT_SECRET: SECRET,
    });
    ({ stack, api } = f);
    // svc-forum again at trace, so the log check below reads everything it can say; restarts
    // keep that environment.
    await stack.kill('forum', 'SIGTERM');
    await launchForum(stack, 'forum', { LOG_LEVEL: 'trace' });
    phase('stack up, svc-forum at trace');
  });

  test.afterAll(async () => {
    await f?.stop();
  });

  test('A: svc-forum killed before the close and started after it tallies once', async () => {
    test.setTimeout(120_000);
    const w = await electionInVoting(api, 'eta', {
      candidates: 3,
      members: 5,
      seats: SEATS,
      termDays: TERM_DAYS,
      phases: PHASES,
    });
    worlds.push(w);
    const [c0, c1, c2] = w.candidates as [User, User, User];
    const [m0, m1, m2, m3] = w.members as [User, User, User, User];
    // Final: c2 3, c0 2, c1 2 (c0 and c1 tie; c0 was nominated first). m4 does not vote. The
    // first ballots of m0 and m2 would have made c1 win: only the replacements may count.
    await castBallots(api, w, [
      {
        voter: m0,
        ballots: [
          { approve: [c1], via: api },
          { approve: [c0, c2], via: api },
        ],
      },
      { voter: m1, ballots: [{ approve: [c2], via: api }] },
      {
        voter: m2,
        ballots: [
          { approve: [c0, c1], via: api },
          { approve: [c1, c2], via: api },
        ],
      },
      { voter: m3, ballots: [{ approve: [c1], via: api }] },
      { voter: c0, ballots: [{ approve: [c0], via: api }] },
    ]);
    const closeAt = Date.parse(w.election.voting_close_at);
    phase(`ballots cast, ${closeAt - Date.now()} ms before the close`);

    await stack.kill('forum', 'SIGKILL');
    const killedAt = Date.now();
    expect(killedAt, 'svc-forum killed before voting_close_at').toBeLessThan(closeAt);

    // Down through the close: nothing tallies it meanwhile.
    await clockPast('the close and the down time after it', closeAt + DOWN_AFTER_CLOSE_MS);
    const stored = await f
      .db('forum')
      .collection('elections')
      .findOne({ _id: new ObjectId(w.election.id) }, { projection: { status: 1 } });
    expect(stored?.status, 'no tally while svc-forum is down').toBe('open');

    const restartedAt = Date.now();
    const readyMs = await restartAndWait(stack, 'forum');
    const closed = await waitPhase(api, w.election.id, 'closed');
    phase(
      `killed ${closeAt - killedAt} ms before the close, restarted ${restartedAt - closeAt} ms ` +
        `after it (ready in ${readyMs} ms); closed_at ${Date.parse(closed.closed_at!) - closeAt} ms after the close`,
    );
    // The start-up closed it (not a tally that ran before the kill).
    expect(Date.parse(closed.closed_at!)).toBeGreaterThanOrEqual(restartedAt);
    await expectOneResult(stack, api, api, w, [c2, c0]);
    phase('A: one result');
  });

  test('B: two instances through the close, one killed at the close, tally once', async () => {
    test.setTimeout(120_000);
    // Up before the election starts: its start-up must not eat into the voting phase.
    const second = await launchForum(stack, 'forum-b', { LOG_LEVEL: 'trace' });
    const w = await electionInVoting(api, 'etb', {
      candidates: 3,
      members: 5,
      seats: SEATS,
      termDays: TERM_DAYS,
      phases: PHASES,
    });
    const b = second.api;
    worlds.push(w);
    const [c0, c1, c2] = w.candidates as [User, User, User];
    const [m0, m1, m2, m3] = w.members as [User, User, User, User];
    // Final: c1 3, c0 2, c2 2 (c0 nominated before c2). Replacements cross instances: the same
    // ballot secret finds the voter's ballot on either.
    await castBallots(api, w, [
      {
        voter: m0,
        ballots: [
          { approve: [c2], via: b },
          { approve: [c0, c1], via: api },
        ],
      },
      { voter: m1, ballots: [{ approve: [c1], via: b }] },
      {
        voter: m2,
        ballots: [
          { approve: [c0], via: api },
          { approve: [c1, c2], via: b },
        ],
      },
      { voter: m3, ballots: [{ approve: [c2], via: api }] },
      { voter: c0, ballots: [{ approve: [c0], via: b }] },
    ]);
    const closeAt = Date.parse(w.election.voting_close_at);
    phase(`ballots cast through both instances, ${closeAt - Date.now()} ms before the close`);

    // The gateway's instance dies the moment voting closes (its sweep may be mid-tally).
    await clockPast('the close', closeAt);
    await stack.kill('forum', 'SIGKILL');
    const killedAt = Date.now();
    const closed = await waitPhase(b, w.election.id, 'closed');
    expect(second.proc.exit, 'the second instance keeps running').toBeUndefined();
    const readyMs = await restartAndWait(stack, 'forum');
    phase(
      `killed ${killedAt - closeAt} ms after the close; closed_at ` +
        `${Date.parse(closed.closed_at!) - closeAt} ms after it; restarted (ready in ${readyMs} ms)`,
    );
    // Both run again: the restarted one's start-up pass and both sweeps find nothing to redo.
    await expectOneResult(stack, api, b, w, [c1, c0]);
    expect(await b('GET', `/elections/${w.election.id}`).then((r) => r.json)).toEqual(
      await api('GET', `/elections/${w.election.id}`).then((r) => r.json),
    );
    await killProc(second.proc);
    phase('B: one result');
  });

  test('ballot secrecy holds across the restarts', async () => {
    expect(worlds).toHaveLength(2);
    const pairs = ballotPairs(worlds);
    const ballots = await f.db('forum').collection('election_ballots').countDocuments({});
    // One ballot per voter and election: the replacements replaced.
    expect(ballots).toBe(worlds.reduce((n, w) => n + w.ballots.size, 0));
    const lines = readFileSync(stack.logFile, 'utf8').split('\n');
    // The log check has something to read: both instances, at trace, logged every ballot request
    // (the late joiner's refused one included).
    const ballotLines = lines.filter((l) => l.includes('"PUT"') && l.includes('/ballot"'));
    expect(ballotLines).toHaveLength(
      worlds.reduce((n, w) => n + [...w.ballots.values()].flat().length + 1, 0),
    );
    expect(ballotLines.some((l) => l.includes('[forum-b]'))).toBe(true);
    const read = await expectBallotsSecret(
      [f.db('forum'), f.db('messaging')],
      lines,
      pairs,
      SECRET,
    );
    phase(
      `secrecy: ${pairs.length} voter-choice pairs, ${read.documents} documents and ` +
        `${read.lines} log lines, no link`,
    );
  });
});
