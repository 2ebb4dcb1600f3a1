// Helpers for tests in every package: real servers on random ports, keys and tokens.
export { startNats, freePort, findNatsServer, type TestNats } from './nats-server.js';
export { startDevDb, type TestDevDb } from './devdb.js';
export { createTestKeys, type TestKeys } from './keys.js';
export { waitFor } from './wait-for.js';
export { serve, type ServedApp } from './serve.js';
export { captureLogs, type CapturedLogs } from './log-capture.js';
export {
  servedRoutes,
  contractRoutesOf,
  samplePath,
  guardedRoutes,
  type ServedRoute,
} from './contract-routes.js';
export {
  planStages,
  executionStats,
  planProblems,
  explainCount,
  type ExecutionStats,
  type PlanExpectation,
} from './query-plans.js';
