import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { withRemovalRule } from './removed-filter.js';

const a = new Types.ObjectId();
const b = new Types.ObjectId();
const author = new Types.ObjectId();
const both = { $in: [false, true] };

describe('withRemovalRule (EXTENSIONS §M4 in list filters)', () => {
  it('leaves removed items out for a reader who moderates nothing', () => {
    expect(withRemovalRule({}, [])).toEqual({ removed: false });
    expect(withRemovalRule({ community_id: a, community_nsfw: false }, [])).toEqual({
      community_id: a,
      community_nsfw: false,
      removed: false,
    });
  });

  it('shows everything to the admin, on every list', () => {
    expect(withRemovalRule({}, 'all')).toEqual({ removed: both });
    expect(withRemovalRule({ author_id: author }, 'all')).toEqual({
      author_id: author,
      removed: both,
    });
  });

  it("shows a community's removed items on its page to its moderators only", () => {
    expect(withRemovalRule({ community_id: a }, [a])).toEqual({ community_id: a, removed: both });
    expect(withRemovalRule({ community_id: b }, [a])).toEqual({ community_id: b, removed: false });
  });

  it("adds a moderator's communities as a second branch on the other lists", () => {
    expect(withRemovalRule({}, [a, b])).toEqual({
      $or: [{ removed: false }, { removed: true, community_id: { $in: [a, b] } }],
    });
    expect(withRemovalRule({ author_id: author }, [a])).toEqual({
      $or: [
        { author_id: author, removed: false },
        { author_id: author, removed: true, community_id: { $in: [a] } },
      ],
    });
  });

  it('keeps only the moderated communities of a joined feed in the second branch', () => {
    const c = new Types.ObjectId();
    expect(withRemovalRule({ community_id: { $in: [a, c] } }, [a, b])).toEqual({
      $or: [
        { community_id: { $in: [a, c] }, removed: false },
        { community_id: { $in: [a] }, removed: true },
      ],
    });
    expect(withRemovalRule({ community_id: { $in: [c] } }, [a, b])).toEqual({
      community_id: { $in: [c] },
      removed: false,
    });
  });
});
