import { useMutation } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';

/** Appeals a removal or a ban, once per decision (§M6): `modlogId` is the decision's log entry. */
export function useSubmitAppeal() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ modlogId, text }: { modlogId: string; text: string }) =>
      api.call('POST /api/appeals', { body: { modlog_id: modlogId, text } }),
  });
}
