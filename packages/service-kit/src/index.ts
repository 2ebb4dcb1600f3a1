// Public API of @forum/service-kit. Test helpers live in '@forum/service-kit/testing'.
export {
  loadConfig,
  ConfigError,
  baseServiceConfig,
  portVar,
  booleanVar,
  byteSizeVar,
  parseByteSize,
} from './config.js';
export { createLogger, type Logger, type LoggerOptions } from './logger.js';
export {
  HttpError,
  badRequest,
  unauthorized,
  forbidden,
  notFound,
  conflict,
  payloadTooLarge,
  unsupportedMediaType,
  tooManyRequests,
  serviceUnavailable,
  gatewayTimeout,
  type HttpErrorOptions,
} from './errors.js';
export type { AuthUser } from './http/koa-types.js';
export { createApp, type CreateAppOptions } from './http/create-app.js';
export { errorHandler, classifyError } from './http/error-handler.js';
export { requestId, requestIdFrom } from './http/request-id.js';
export { createHttpMetrics, setRouteLabel, type HttpMetrics } from './http/metrics.js';
export { logRequest } from './http/access-log.js';
export type { ReadinessCheck } from './http/probes.js';
export { validBody, parseQuery, parseParams, caller } from './http/validation.js';
export {
  serveRoutes,
  type HandlerInput,
  type HandlerSpec,
  type RouteHandler,
  type ServeRoutesOptions,
  type ServiceHandlers,
} from './http/serve-routes.js';
export {
  createAuth,
  createActiveUserCache,
  JWT_ALG,
  AUTH_REQUIRED,
  INVALID_TOKEN,
  ACCOUNT_DEACTIVATED,
  type Auth,
  type AuthOptions,
  type AuthKeyOptions,
  type IsActiveCheck,
  type ActiveUserCache,
  type ActiveUserCacheOptions,
} from './auth.js';
export { signAccessToken } from './tokens.js';
export {
  connectMongo,
  isMongoReady,
  isDuplicateKeyError,
  toObjectId,
  type ConnectMongoOptions,
} from './mongo.js';
export { dropRetiredIndexes, type IndexDescription } from './retired-indexes.js';
export { inTransaction, retryAfterFailover } from './transactions.js';
export {
  readLean,
  countLean,
  readPageAndTotal,
  pageAndTotalPipeline,
  type LeanReadOptions,
  type PageAndTotal,
} from './read-lean.js';
export { afterCommit } from './after-commit.js';
export { freshValue, type FreshValue } from './fresh-value.js';
export { deleteInBatches, DELETE_BATCH, type BatchDeletable } from './delete-in-batches.js';
export { ensureIndexes, IndexBuildError, type BuiltIndexes } from './indexes.js';
export { connectNats, isNatsReady } from './nats/connect.js';
export { ensureStream, ensureStreams, type StreamSpec } from './nats/stream.js';
export { publishEvent } from './nats/publish.js';
export { createLivePublisher, decodeLiveUserEvent, type LivePublisher } from './nats/live.js';
export {
  startConsumer,
  type StartConsumerOptions,
  type RunningConsumer,
  type HandlerContext,
  type ParkedMessage,
} from './nats/consumer.js';
export {
  startEventHandlers,
  type EventHandlers,
  type EventHandlerTuning,
  type StartEventHandlersOptions,
} from './nats/event-handlers.js';
export { parkedMessageStore, PARKED_COLLECTION } from './nats/parked-store.js';
export {
  processedEventGuard,
  PROCESSED_EVENTS_COLLECTION,
  type ProcessedEventGuard,
} from './nats/processed-events.js';
export { dependencyReadiness } from './readiness.js';
export {
  createEventOutbox,
  type EventOutbox,
  type EventOutboxOptions,
  type ParkedOutboxDoc,
} from './nats/outbox.js';
export {
  runService,
  shutdownSequence,
  type RunServiceOptions,
  type RunningService,
  type ShutdownResources,
} from './run-service.js';
export * from './media/index.js';
export * from './user-directory/index.js';
export * from './block-replica/index.js';
