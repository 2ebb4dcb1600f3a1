import { errorMessage } from '@forum/sdk';
import { Button } from '@forum/ui';
import { useWithdraw } from '../../hooks/useWithdraw';
import { ConfirmDialog } from '../community-moderation/ConfirmDialog';
import { ELECTION_TEXTS } from '../../electionTexts';

/** The signed-in candidate's Withdraw, confirmed in a dialog that shows the server's refusal. */
export function WithdrawButton({ electionId }: { electionId: string }) {
  const withdraw = useWithdraw(electionId);
  return (
    <div className="forum-cm-row__actions">
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary" data-testid="withdraw">
            {ELECTION_TEXTS.withdraw}
          </Button>
        }
        title={ELECTION_TEXTS.withdrawTitle}
        description={ELECTION_TEXTS.withdrawText}
        confirmLabel={ELECTION_TEXTS.withdraw}
        danger
        onConfirm={() => withdraw.mutateAsync()}
        errorText={(err) => errorMessage(err, ELECTION_TEXTS.withdrawFailed)}
        testId="withdraw-dialog"
      />
    </div>
  );
}
