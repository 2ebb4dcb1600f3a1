export { createForumApp, SERVICE_NAME, type ForumAppDeps } from './app.js';
export { forumConfigSchema, loadForumConfig, type ForumConfig } from './config.js';
export { startForumService, type RunningForum } from './server.js';
export { createForumModels, type ForumModels } from './models/index.js';
export { hotScore } from './domain/hot-score.js';
export { createForumMedia } from './media.js';
