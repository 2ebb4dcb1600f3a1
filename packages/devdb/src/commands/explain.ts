import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { andThen } from '../engine/executor.js';
import { aggregate, aggregateRequest, explainAggregate } from './aggregate.js';
import type { Handler } from './context.js';
import { explainQuery } from './explain-output.js';
import { countRequest, findRequest, read } from './find.js';

const VERBOSITIES = new Set(['queryPlanner', 'executionStats', 'allPlansExecution']);

/**
 * `{ explain: { find | count | aggregate ... }, verbosity }`, as the driver's `.explain()`
 * sends it. The query runs (except for `queryPlanner`, which MongoDB does not run either
 * and devdb runs anyway: the plan is the same) and its counters are reported.
 */
export const explainCommands: Record<string, Handler> = {
  explain(cmd, ctx) {
    const inner = cmd.explain;
    if (!isDoc(inner)) throw badValue('explain command requires a nested object');
    const verbosity = typeof cmd.verbosity === 'string' ? cmd.verbosity : 'allPlansExecution';
    if (!VERBOSITIES.has(verbosity))
      throw badValue(`verbosity string must be one of ${[...VERBOSITIES].join(', ')}`);
    const name = Object.keys(inner)[0];
    const command = { ...inner, $db: ctx.db };
    const reply = (sections: Doc): Doc => ({ explainVersion: '1', ...sections, command, ok: 1 });
    switch (name) {
      case 'find': {
        const req = findRequest(inner);
        return andThen(read(ctx, req.name, req.spec), (result) =>
          reply(explainQuery(`${ctx.db}.${req.name}`, req.spec, result, verbosity)),
        );
      }
      case 'count': {
        const req = countRequest(inner);
        return andThen(read(ctx, req.name, req.spec), (result) =>
          reply(explainQuery(`${ctx.db}.${req.name}`, req.spec, result, verbosity, true)),
        );
      }
      case 'aggregate': {
        const req = aggregateRequest(inner);
        return andThen(aggregate(req, ctx), ({ result }) =>
          reply(explainAggregate(req, result, ctx, verbosity)),
        );
      }
      default:
        throw badValue(`explain of '${String(name)}' is not supported by devdb`);
    }
  },
};

function isDoc(v: unknown): v is Doc {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
