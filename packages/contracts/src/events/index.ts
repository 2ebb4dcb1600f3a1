export * from './envelope.js';
export * from './subjects.js';
export * from './identity.js';
export * from './forum.js';
export * from './moderation.js';
export * from './messaging.js';
export * from './catalogue.js';
export * from './elections.js';
