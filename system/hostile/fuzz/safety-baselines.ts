import type { RouteBaseline } from './baselines.js';
import type { Fixtures } from './fixtures.js';

/**
 * Blocking and account control (EXTENSIONS §B). The password and email changes keep the fixtures
 * usable: the password is changed to itself (the change still ends the other sessions, which the
 * fuzzer never refreshes), the address changes are carol's (no other baseline uses it).
 */
export function safetyBaselines(): Record<string, RouteBaseline> {
  const own = (build: RouteBaseline['build'], costly = false): RouteBaseline => ({
    as: 'alice',
    wrong: 'bob',
    costly,
    expect: [200],
    build,
  });
  // (Blocking oneself is refused, but a name is only "one's own" for its owner: the IDOR sweep
  // and svc-identity's tests cover it, not a foreign value here.)
  const blockOf = (fx: Fixtures) => ({ params: { username: fx.users.carol.username } });
  return {
    'PUT /api/auth/password': own((fx) => {
      const { password } = fx.users.alice;
      return { body: { current_password: password, new_password: password } };
    }, true),
    'PUT /api/auth/email': {
      as: 'carol',
      wrong: 'bob',
      costly: true,
      expect: [200],
      build: (fx) => ({
        body: { password: fx.users.carol.password, email: `carol.${Date.now()}@example.test` },
        // Taken (case-insensitively) by alice.
        foreign: { email: [fx.users.alice.email.toUpperCase()] },
      }),
    },
    'POST /api/auth/verify-email': {
      as: 'anon',
      wrong: 'alice',
      expect: [200],
      build: async (fx) => ({ body: { token: await fx.newVerificationToken() } }),
    },
    'POST /api/auth/verify-email/resend': { ...own(() => ({})), expect: [200, 429] },
    'GET /api/blocks': own(() => ({})),
    'PUT /api/blocks/{username}': own(blockOf),
    'DELETE /api/blocks/{username}': own(blockOf),
    'GET /api/notifications/preferences': own(() => ({})),
    // Turned on (as it starts): the notification baselines still get alice's notifications.
    'PUT /api/notifications/preferences': own(() => ({ body: { post_vote: true } })),
    'GET /api/auth/me/export': own(() => ({})),
    // Shapes only: a valid deletion would end a shared fixture account. The admin's account cannot
    // be deleted (refused before any password check, so no attempt budget is spent); the deletion
    // itself is proven by the services' tests and system/hostile/security/account-deletion.spec.ts.
    'DELETE /api/auth/me': {
      as: 'admin',
      wrong: 'bob',
      costly: true,
      expect: [403],
      build: () => ({ body: { password: 'Not the admin password 1', delete_content: false } }),
    },
  };
}
