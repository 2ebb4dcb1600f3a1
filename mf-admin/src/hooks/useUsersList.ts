import { useAdminUsers } from './useAdminUsers';
import { SEARCH_DEBOUNCE_MS, type UsersView } from '../lib/table';
import { useDebouncedValue } from '@forum/ui/useDebouncedValue';

/** The users page the view asks for (search debounced); `busy` while typing or fetching. */
export function useUsersList(view: UsersView) {
  const search = useDebouncedValue(view.search, SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers({
    sortBy: view.sort.sortBy,
    sortOrder: view.sort.sortOrder,
    page: view.page,
    limit: view.limit,
    search,
  });
  return { users, busy: users.isFetching || view.search !== search };
}
