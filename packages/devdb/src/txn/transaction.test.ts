import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { Store } from '../engine/store.js';
import { keyOf } from '../engine/values.js';
import { Transaction } from './transaction.js';

function storeWithUsers(): Store {
  const store = new Store();
  const users = store.createCollection('app', 'users', {});
  users.createIndex({ key: { email: 1 }, name: 'email_1', unique: true });
  users.insert({ _id: 1, email: 'a@x' });
  users.insert({ _id: 2, email: 'b@x' });
  return store;
}

const emails = (store: Store): unknown[] =>
  [...store.collection('app', 'users')!.docs.values()].map((d) => d.email).sort();

describe('Transaction', () => {
  it('rolls back inserts, replacements, deletions, new collections and their indexes', () => {
    const store = storeWithUsers();
    const txn = new Transaction('s', 1n, store);
    store.withLog(txn, () => {
      const users = store.collection('app', 'users')!;
      users.insert({ _id: 3, email: 'c@x' });
      users.replace(users.docs.get(keyOf(1))!, { _id: 1, email: 'changed@x' });
      users.remove(users.docs.get(keyOf(2))!);
      const audit = store.createCollection('app', 'audit', {});
      audit.createIndex({ key: { at: 1 }, name: 'at_1' });
      audit.insert({ _id: 'e', at: 1 });
    });
    expect(emails(store)).toEqual(['c@x', 'changed@x']);
    txn.rollback();
    expect(emails(store)).toEqual(['a@x', 'b@x']);
    expect(store.collection('app', 'audit')).toBeUndefined();
    // The unique index holds the committed documents again, and nothing else.
    const users = store.collection('app', 'users')!;
    expect(() => users.insert({ _id: 4, email: 'a@x' })).toThrow(/E11000/);
    expect(() => users.insert({ _id: 5, email: 'b@x' })).toThrow(/E11000/);
    users.insert({ _id: 6, email: 'changed@x' });
    users.insert({ _id: 7, email: 'c@x' });
  });

  it('holds its journal records back for one batch record at commit', () => {
    const store = storeWithUsers();
    const journaled: Doc[] = [];
    store.setLog({ append: (record) => journaled.push(record) });
    const txn = new Transaction('s', 1n, store);
    store.withLog(txn, () => store.collection('app', 'users')!.insert({ _id: 3, email: 'c@x' }));
    expect(journaled).toEqual([]);
    expect(txn.records.map((r) => r.op)).toEqual(['put']);
    store.journalBatch(txn.records);
    expect(journaled).toEqual([{ op: 'batch', ops: txn.records }]);
    // Recovery applies the batch as a whole.
    const recovered = new Store();
    recovered.apply({ op: 'createColl', db: 'app', c: 'users', options: {} });
    recovered.apply(journaled[0]!);
    expect(recovered.collection('app', 'users')!.docs.size).toBe(1);
  });

  it('knows which collections it created', () => {
    const store = storeWithUsers();
    const txn = new Transaction('s', 1n, store);
    store.withLog(txn, () => store.ensureCollection('app', 'fresh'));
    expect(txn.createdCollection('app.fresh')).toBe(true);
    expect(txn.createdCollection('app.users')).toBe(false);
  });
});
