import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession, type Api } from '@forum/sdk';
import type {
  AdminCommunitiesResponse,
  AdminStats,
  AdminUser,
  AdminUserResponse,
  AdminUsersResponse,
  DailyUserStatsResponse,
} from '@forum/contracts';
import type * as SchemasModule from './schemas';
import type { PageSize, SortState } from '../lib/table';

export type { AdminStats, AdminUser } from '@forum/contracts';
export type AdminCommunity = AdminCommunitiesResponse['communities'][number];
export type DailyUserStat = DailyUserStatsResponse['daily_stats'][number];

type Schemas = typeof SchemasModule;
let schemasPromise: Promise<Schemas> | undefined;
const schema =
  <K extends keyof Schemas>(name: K) =>
  async (): Promise<Schemas[K]> =>
    (await (schemasPromise ??= import('./schemas')))[name];

const seg = (value: string) => encodeURIComponent(value);

export interface UsersParams extends SortState {
  page: number;
  limit: PageSize;
  search: string;
}

/** The admin calls of spec §7 over the SDK's client (Bearer, timeout, refresh on 401). */
export function adminApi(api: Api) {
  const { client } = api;
  return {
    stats: (signal?: AbortSignal) =>
      client.get<AdminStats>('/admin/stats', { schema: schema('AdminStats'), signal }),
    dailyUserStats: (signal?: AbortSignal) =>
      client.get<DailyUserStatsResponse>('/admin/daily-user-stats', {
        schema: schema('DailyUserStatsResponse'),
        signal,
      }),
    users: (params: UsersParams, signal?: AbortSignal) =>
      client.get<AdminUsersResponse>('/admin/users', {
        query: {
          page: params.page,
          limit: params.limit,
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
          search: params.search.trim() || undefined,
        },
        schema: schema('AdminUsersResponse'),
        signal,
      }),
    communities: (signal?: AbortSignal) =>
      client.get<AdminCommunitiesResponse>('/admin/communities', {
        schema: schema('AdminCommunitiesResponse'),
        signal,
      }),
    setUserActive: (id: string, isActive: boolean) =>
      client.request<AdminUserResponse>('PATCH', `/admin/users/${seg(id)}`, {
        body: { is_active: isActive },
        schema: schema('AdminUserResponse'),
      }),
  };
}

/** Query keys carry the signed-in user's id so another account never sees this cache. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: (uid: string) => ['admin', uid, 'stats'] as const,
  daily: (uid: string) => ['admin', uid, 'daily-user-stats'] as const,
  usersAll: (uid: string) => ['admin', uid, 'users'] as const,
  users: (uid: string, params: UsersParams) => ['admin', uid, 'users', params] as const,
  communities: (uid: string) => ['admin', uid, 'communities'] as const,
};

/**
 * Admin loads are not retried automatically: a failure shows its spec §8 text with a Retry
 * button at once, and a 403 is final anyway.
 */
const common = { retry: false, staleTime: 15_000 } as const;

function useAdminContext() {
  const api = useApi();
  const { status, user } = useSession();
  const uid = user?.id ?? '';
  return { admin: adminApi(api), uid, enabled: status === 'signed-in' && user?.is_admin === true };
}

export function useAdminStats() {
  const { admin, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.stats(uid),
    queryFn: ({ signal }) => admin.stats(signal),
    enabled,
    ...common,
  });
}

export function useDailyUserStats() {
  const { admin, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.daily(uid),
    queryFn: ({ signal }) => admin.dailyUserStats(signal),
    enabled,
    ...common,
  });
}

export function useAdminUsers(params: UsersParams) {
  const { admin, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.users(uid, params),
    queryFn: ({ signal }) => admin.users(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    ...common,
  });
}

export function useAdminCommunities() {
  const { admin, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.communities(uid),
    queryFn: ({ signal }) => admin.communities(signal),
    enabled,
    ...common,
  });
}

/** PATCH /admin/users/{id} {is_active}: the row is updated in every cached page, then refetched. */
export function useSetUserActive() {
  const { admin, uid } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, isActive }: { user: AdminUser; isActive: boolean }) =>
      admin.setUserActive(user.id, isActive),
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<AdminUsersResponse>(
        { queryKey: adminKeys.usersAll(uid) },
        (old) =>
          old ? { ...old, users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll(uid) });
    },
  });
}
