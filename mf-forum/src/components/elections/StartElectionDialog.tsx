import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '@forum/sdk';
import { TextField, buttonClassName } from '@forum/ui';
import { useStartElection } from '../../hooks/useStartElection';
import { electionPath } from '../../lib/electionPaths';
import {
  parseStartElection,
  type DurationUnit,
  type StartElectionErrors,
  type StartElectionInput,
} from '../../lib/electionForm';
import { DialogActions, DialogFrame } from '../moderation/DialogParts';
import { ELECTION_TEXTS } from '../../electionTexts';

const INITIAL: StartElectionInput = {
  seats: '1',
  nominationAmount: '3',
  nominationUnit: 'days',
  votingAmount: '4',
  votingUnit: 'days',
  termDays: '180',
};

/** A phase's length: a whole number and its unit (sent as seconds). */
function DurationField({
  label,
  amount,
  unit,
  error,
  onAmount,
  onUnit,
  testId,
}: {
  label: string;
  amount: string;
  unit: DurationUnit;
  error: string | undefined;
  onAmount: (value: string) => void;
  onUnit: (value: DurationUnit) => void;
  testId: string;
}) {
  return (
    <div className="forum-el-duration">
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        value={amount}
        onChange={(e) => onAmount(e.target.value)}
        error={error}
        testId={testId}
      />
      <select
        className="ui-input forum-select"
        aria-label={`${label}: ${ELECTION_TEXTS.durationUnit}`}
        value={unit}
        onChange={(e) => onUnit(e.target.value as DurationUnit)}
        data-testid={`${testId}-unit`}
      >
        <option value="hours">{ELECTION_TEXTS.hours}</option>
        <option value="days">{ELECTION_TEXTS.days}</option>
      </select>
    </div>
  );
}

function StartForm({
  start,
  communityName,
}: {
  start: ReturnType<typeof useStartElection>;
  communityName: string;
}) {
  const navigate = useNavigate();
  const [input, setInput] = useState(INITIAL);
  // Field errors appear once the user tried to start, then follow the typing.
  const [tried, setTried] = useState(false);
  const parsed = parseStartElection(input);
  const errors: StartElectionErrors = tried ? (parsed.errors ?? {}) : {};
  const set = (patch: Partial<StartElectionInput>) => setInput((old) => ({ ...old, ...patch }));
  return (
    <form
      className="forum-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (start.isPending || !parsed.body) return;
        start.mutate(parsed.body, {
          onSuccess: ({ election }) => navigate(electionPath(communityName, election.id)),
        });
      }}
    >
      <Dialog.Title className="forum-section__title">{ELECTION_TEXTS.startTitle}</Dialog.Title>
      <Dialog.Description className="forum-muted">
        {ELECTION_TEXTS.startDescription}
      </Dialog.Description>
      <TextField
        label={ELECTION_TEXTS.seatsField}
        type="number"
        inputMode="numeric"
        min={1}
        max={5}
        step={1}
        required
        value={input.seats}
        onChange={(e) => set({ seats: e.target.value })}
        error={errors.seats}
        autoFocus
        testId="start-election-seats"
      />
      <DurationField
        label={ELECTION_TEXTS.nominationField}
        amount={input.nominationAmount}
        unit={input.nominationUnit}
        error={errors.nomination}
        onAmount={(nominationAmount) => set({ nominationAmount })}
        onUnit={(nominationUnit) => set({ nominationUnit })}
        testId="start-election-nomination"
      />
      <DurationField
        label={ELECTION_TEXTS.votingField}
        amount={input.votingAmount}
        unit={input.votingUnit}
        error={errors.voting}
        onAmount={(votingAmount) => set({ votingAmount })}
        onUnit={(votingUnit) => set({ votingUnit })}
        testId="start-election-voting"
      />
      <TextField
        label={ELECTION_TEXTS.termField}
        type="number"
        inputMode="numeric"
        min={30}
        max={730}
        step={1}
        required
        value={input.termDays}
        onChange={(e) => set({ termDays: e.target.value })}
        error={errors.termDays}
        testId="start-election-term"
      />
      <DialogActions
        error={start.isError ? errorMessage(start.error, ELECTION_TEXTS.startFailed) : null}
        pending={start.isPending}
        confirmLabel={ELECTION_TEXTS.start}
        pendingLabel={ELECTION_TEXTS.starting}
        testId="start-election"
      />
    </form>
  );
}

/**
 * "Start an election" for the community's moderators, owner and the admin (EXTENSIONS §E): seats,
 * the two phases' lengths and the term. The server's refusals (a phase under its minimum, an
 * election already open) stay in the dialog; a started election opens its page.
 */
export function StartElectionButton({
  communityId,
  communityName,
}: {
  communityId: string;
  communityName: string;
}) {
  const start = useStartElection(communityId);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonClassName('primary')}
        aria-haspopup="dialog"
        onClick={() => {
          start.reset();
          setOpen(true);
        }}
        data-testid="start-election-open"
      >
        {ELECTION_TEXTS.startElection}
      </button>
      {open ? (
        <DialogFrame
          onClose={() => setOpen(false)}
          pending={start.isPending}
          returnFocusRef={trigger}
          testId="start-election"
        >
          <StartForm start={start} communityName={communityName} />
        </DialogFrame>
      ) : null}
    </>
  );
}
