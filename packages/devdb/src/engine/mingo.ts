import { Context } from 'mingo/core';
import * as accumulator from 'mingo/operators/accumulator';
import * as expression from 'mingo/operators/expression';
import * as pipeline from 'mingo/operators/pipeline';
import * as projection from 'mingo/operators/projection';
import * as query from 'mingo/operators/query';
import * as window from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';

/**
 * mingo copies its whole operator table (hundreds of entries) for every `new Query(...)`
 * unless it is handed its internal ComputeOptions object, which it only clones shallowly.
 * That copy dominated per-command CPU, so we capture one such object once, through a
 * throw-away query operator that receives it, and share it across all queries.
 */
function captureOptions(): Options {
  let captured: unknown;
  const context = Context.init({ accumulator, expression, pipeline, projection, query, window });
  context.addQueryOps({
    $devdbCapture: (_selector: string, _value: unknown, options: unknown) => {
      captured = options;
      return () => true;
    },
  } as never);
  new Query({ x: { $devdbCapture: 1 } }, { context });
  if (!captured) throw new Error('devdb: could not initialise mingo');
  return captured as Options;
}

const sharedOptions = captureOptions();

/** A mingo query using the shared operator table. */
export function makeQuery(filter: Record<string, unknown>): Query {
  return new Query(filter, sharedOptions);
}
