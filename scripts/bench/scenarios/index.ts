import type { Comparison, Scenario, ScenarioModule } from '../scenario.js';
import { health } from './health.js';
import { posts } from './posts.js';
import { forum } from './forum.js';
import { comments } from './comments.js';
import { unreadCounts } from './unread-counts.js';

/** Every scenario module, in run order. Add new files here. */
export const modules: ScenarioModule[] = [health, posts, forum, comments, unreadCounts];

export const allScenarios: Scenario[] = modules.flatMap((m) => m.scenarios);
export const allComparisons: Comparison[] = modules.flatMap((m) => m.comparisons ?? []);
