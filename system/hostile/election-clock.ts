import { MongoClient, ObjectId } from 'mongodb';

/**
 * Nominations end now for one election: the hostile stack runs with the default (a day) minimum
 * phase, so the fuzzer's and the IDOR sweep's ballot cases move the close in the forum's
 * database, as if the day had passed.
 */
export async function endNominations(electionId: string): Promise<void> {
  const mongoUrl = process.env.HOSTILE_MONGO_URL;
  if (!mongoUrl) throw new Error('HOSTILE_MONGO_URL not set');
  const mongo = await MongoClient.connect(mongoUrl);
  try {
    await mongo
      .db(`${process.env.HOSTILE_DB_PREFIX ?? ''}forum`)
      .collection('elections')
      .updateOne(
        { _id: new ObjectId(electionId) },
        { $set: { nominations_close_at: new Date(Date.now() - 1000) } },
      );
  } finally {
    await mongo.close();
  }
}
