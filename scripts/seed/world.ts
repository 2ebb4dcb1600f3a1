import type { Api, Session } from './client.js';
import type { SeedOptions } from './options.js';
import type { Random } from './random.js';

export interface SeededCommunity {
  id: string;
  name: string;
  nsfw: boolean;
  members: Session[];
}

export interface SeededPost {
  id: string;
  community: SeededCommunity;
}

export interface SeededComment {
  id: string;
  post: SeededPost;
  depth: number;
}

/** What the phases share: the API, the options, the PRNG and what was created so far. */
export interface SeedWorld {
  api: Api;
  options: SeedOptions;
  rnd: Random;
  users: Session[];
  admin?: Session;
  communities: SeededCommunity[];
  posts: SeededPost[];
  comments: SeededComment[];
}
