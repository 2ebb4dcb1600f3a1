/**
 * Child process of the stall bench: pings the server on its own connection and event loop
 * (so the client that sends the heavy operation, encoding 100,000 documents, does not delay
 * it) and reports the longest gap between two answers. `stall-pinger.ts <uri>`, driven over IPC.
 */
import mongoose from 'mongoose';

const send = (msg: unknown): void => void process.send!(msg);
const client = await new mongoose.mongo.MongoClient(process.argv[2]!).connect();
let measuring = false;

async function measure(): Promise<void> {
  let last = performance.now();
  let worst = 0;
  let pings = 0;
  while (measuring) {
    await client.db('admin').command({ ping: 1 });
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    pings++;
  }
  send({ worst, pings });
}

process.on('message', (msg: string) => {
  if (msg === 'start') {
    measuring = true;
    void measure();
  } else if (msg === 'stop') {
    measuring = false;
  } else {
    void client.close().then(() => process.disconnect());
  }
});
send('ready');
