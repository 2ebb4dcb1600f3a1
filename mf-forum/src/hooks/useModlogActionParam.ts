import { useSearchParams } from 'react-router-dom';
import type { ModlogAction } from '@forum/contracts';
import { parseModlogAction } from '../lib/communityModeration';

/** The log's action filter, kept in the URL (`?action=`) so a filtered log can be shared. */
export function useModlogActionParam() {
  const [params, setParams] = useSearchParams();
  const action = parseModlogAction(params.get('action'));
  const setAction = (next: ModlogAction | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('action', next);
        else copy.delete('action');
        return copy;
      },
      { replace: true },
    );
  return [action, setAction] as const;
}
