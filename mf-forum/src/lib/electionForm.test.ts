import { describe, expect, it } from 'vitest';
import { parseStartElection, statementError, type StartElectionInput } from './electionForm';

const valid: StartElectionInput = {
  seats: '2',
  nominationAmount: '36',
  nominationUnit: 'hours',
  votingAmount: '3',
  votingUnit: 'days',
  termDays: '90',
};

describe('parseStartElection', () => {
  it('sends the durations as seconds', () => {
    expect(parseStartElection(valid)).toEqual({
      body: { seats: 2, nomination_seconds: 36 * 3600, voting_seconds: 3 * 86_400, term_days: 90 },
    });
  });
  it('refuses what the server would, with its words', () => {
    const { errors } = parseStartElection({
      seats: '6',
      nominationAmount: '15',
      nominationUnit: 'days',
      votingAmount: '0',
      votingUnit: 'hours',
      termDays: '29',
    });
    expect(errors).toEqual({
      seats: 'Seats must be a whole number from 1 to 5',
      nomination: 'A phase lasts at most 14 days',
      voting: 'Enter a whole number greater than 0',
      termDays: 'A term lasts 30 to 730 days',
    });
  });
  it('takes whole numbers only, 14 days at most', () => {
    expect(parseStartElection({ ...valid, seats: '1.5' }).errors?.seats).toBeDefined();
    expect(parseStartElection({ ...valid, termDays: ' 730 ' }).body?.term_days).toBe(730);
    expect(
      parseStartElection({ ...valid, nominationAmount: '336', nominationUnit: 'hours' }).body,
    ).toBeDefined();
    expect(
      parseStartElection({ ...valid, nominationAmount: '337', nominationUnit: 'hours' }).errors,
    ).toEqual({ nomination: 'A phase lasts at most 14 days' });
  });
});

describe('statementError', () => {
  it('wants 10 to 2000 characters once trimmed', () => {
    expect(statementError('   short   ')).toBe('Statement must be 10 to 2000 characters');
    expect(statementError('  ten chars!  ')).toBeUndefined();
    expect(statementError('x'.repeat(2000))).toBeUndefined();
    expect(statementError('x'.repeat(2001))).toBe('Statement must be 10 to 2000 characters');
  });
});
