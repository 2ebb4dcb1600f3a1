import { describe, expect, it } from 'vitest';
import { errorLabels } from './error-labels.js';
import type { SessionInfo } from './session-info.js';

const info = (fields: Partial<SessionInfo>): SessionInfo => ({
  key: 'k',
  txnNumber: 1n,
  inTransaction: false,
  startTransaction: false,
  ...fields,
});

describe('errorLabels', () => {
  it('labels what the driver retries, as MongoDB does', () => {
    const inTxn = info({ inTransaction: true });
    expect(errorLabels(251, inTxn, false)).toEqual(['TransientTransactionError']);
    expect(errorLabels(112, inTxn, false)).toEqual(['TransientTransactionError']);
    expect(errorLabels(10107, inTxn, false)).toEqual(['TransientTransactionError']);
    expect(errorLabels(11000, inTxn, false)).toEqual([]);
    expect(errorLabels(251, inTxn, true)).toEqual(['TransientTransactionError']);
    expect(errorLabels(10107, inTxn, true)).toEqual(['RetryableWriteError']);
    expect(errorLabels(10107, info({}), false)).toEqual(['RetryableWriteError']);
    expect(errorLabels(11000, info({}), false)).toEqual([]);
    expect(errorLabels(10107, info({ txnNumber: undefined }), false)).toEqual([]);
  });
});
