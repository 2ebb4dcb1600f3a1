/**
 * CPU per page of highlightRanges (svc-forum's search presenters): a search page's texts read from
 * a JSON file (a /api/search/posts or /comments answer), q as asked.
 * `node --conditions=source --import tsx scripts/bench/search/highlight-bench.ts PAGE.json q [runs]`
 */
import { readFileSync } from 'node:fs';
import { highlightRanges, parseSearch } from '@forum/search-text';

const [file, q, runsArg] = process.argv.slice(2);
const page = JSON.parse(readFileSync(file!, 'utf8')) as {
  posts?: { title: string; content: string }[];
  comments?: { content: string }[];
};
const texts = page.posts
  ? page.posts.flatMap((p) => [p.title, p.content])
  : page.comments!.map((c) => c.content);
const runs = Number(runsArg ?? 2000);
const once = () => {
  const parsed = parseSearch(q!);
  let n = 0;
  for (const text of texts) n += highlightRanges(text, parsed).length;
  return n;
};
const marks = once();
for (let i = 0; i < 200; i++) once();
const cpu0 = process.cpuUsage();
for (let i = 0; i < runs; i++) once();
const cpu = process.cpuUsage(cpu0);
console.log(
  `${texts.length} texts, ${marks} marks: ${((cpu.user + cpu.system) / runs).toFixed(1)} µs CPU per page`,
);
