import { SEARCH_COMMENT_FIELDS } from '../../../svc-forum/src/models/comment.js';
import { POST_LIST_FIELDS } from '../../../svc-forum/src/models/post.js';

/** What svc-forum's search pages read from each collection (its use cases pass the same). */
export const SEARCH_FIELDS = { posts: POST_LIST_FIELDS, comments: SEARCH_COMMENT_FIELDS };
