import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isApiError, useApi } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Spinner,
  TextField,
  buttonClassName,
} from '@forum/ui';
import { forumKeys } from '../lib/forumKeys';
import { imageForm } from '../lib/imageForm';
import { CommunityLogo } from '../components/CommunityLogo';
import { ImageInput } from '../components/ImageInput';
import { RequireSignIn } from '../components/RequireSignIn';
import { TextAreaField } from '../components/TextArea';
import { deletePhrase } from '../lib/state';
import { useImageUpload } from '../hooks/useImageUpload';
import { CommunityNotFound } from '../components/CommunityNotFound';
import { useCommunity } from '../hooks/useCommunity';
import { useCommunityRole } from '../hooks/useCommunityRole';
import { TEXTS } from '../texts';

function InfoSection({ community }: { community: Community }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState(community.description);
  const [rules, setRules] = useState(community.rules);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const res = await api.call('PUT /api/communities/{id}', {
        params: { id: community.id },
        body: { description, rules },
      });
      queryClient.setQueryData(forumKeys.community(community.name), res);
      setMessage({ ok: true, text: TEXTS.communityUpdated });
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err, TEXTS.updateCommunityFailed) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="forum-settings-section" data-testid="settings-info">
      <h2 className="forum-section__title">{TEXTS.communityInformation}</h2>
      <form
        className="forum-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {message ? (
          <Alert variant={message.ok ? 'success' : 'error'} data-testid="settings-message">
            {message.text}
          </Alert>
        ) : null}
        <TextField
          label="Name"
          value={community.name}
          readOnly
          hint="The name cannot be changed."
          testId="settings-name"
        />
        <TextAreaField
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          testId="settings-description"
        />
        <TextAreaField
          label="Rules"
          rows={5}
          value={rules}
          onChange={(e) => setRules(e.target.value)}
          testId="settings-rules"
        />
        <div className="forum-form__actions">
          <Button type="submit" disabled={busy} data-testid="settings-save">
            {busy ? TEXTS.saving : TEXTS.saveChanges}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LogoSection({ community }: { community: Community }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { inputRef, error, busy, upload, remove } = useImageUpload({
    upload: async (file) => {
      const res = await api.call('POST /api/communities/{id}/logo', {
        params: { id: community.id },
        body: imageForm(file),
      });
      void queryClient.invalidateQueries({ queryKey: ['communities'], refetchType: 'none' });
      return res.logo_url;
    },
    remove: () =>
      api
        .call('DELETE /api/communities/{id}/logo', { params: { id: community.id } })
        .then(() => undefined),
    onChange: (logo_url) =>
      queryClient.setQueryData(
        forumKeys.community(community.name),
        (old: { community: Community } | undefined) =>
          old ? { community: { ...old.community, logo_url } } : old,
      ),
    uploadFailed: TEXTS.uploadLogoFailed,
    removeFailed: TEXTS.deleteLogoFailed,
  });
  return (
    <Card className="forum-settings-section" data-testid="settings-logo">
      <h2 className="forum-section__title">Community Logo</h2>
      <div className="forum-logo-row">
        <CommunityLogo community={community} size={72} />
        <div className="forum-form">
          <ImageInput
            label="Upload a new logo (JPEG, PNG, GIF or WebP, up to 2MB)"
            onFile={(f) => void upload(f)}
            testId="logo-input"
            error={error}
            inputRef={inputRef}
          />
          {busy ? <Spinner label="Uploading" /> : null}
          {community.logo_url ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void remove()}
              data-testid="logo-remove"
            >
              {TEXTS.removeLogo}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function DangerZone({ community }: { community: Community }) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phrase = deletePhrase(community.name);
  const matches = typed === phrase;
  const confirm = async () => {
    if (!matches) {
      setError(`Please type "${phrase}" to confirm deletion`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call('DELETE /api/communities/{id}', { params: { id: community.id } });
      queryClient.removeQueries({ queryKey: forumKeys.community(community.name) });
      void queryClient.invalidateQueries({ queryKey: ['communities'] });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      setOpen(false);
      navigate('/communities');
    } catch (err) {
      setError(errorMessage(err, 'You do not have permission to delete this community'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="forum-settings-section forum-danger" data-testid="settings-danger">
      <h2 className="forum-section__title">Danger Zone</h2>
      <p>Deleting the community removes all of its posts and comments. This cannot be undone.</p>
      <Dialog.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setTyped('');
          setError(null);
        }}
      >
        <Dialog.Trigger asChild>
          <Button variant="danger" data-testid="delete-community">
            {TEXTS.deleteCommunity}
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="forum-dialog-overlay" />
          <Dialog.Content className="forum-dialog ui-card" data-testid="delete-dialog">
            <Dialog.Title className="forum-section__title">Delete c/{community.name}?</Dialog.Title>
            <Dialog.Description>
              Type <strong>{phrase}</strong> to confirm.
            </Dialog.Description>
            <form
              className="forum-form"
              onSubmit={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              <TextField
                label="Confirmation"
                value={typed}
                autoComplete="off"
                onChange={(e) => {
                  setTyped(e.target.value);
                  setError(null);
                }}
                onKeyDown={(e) => {
                  // The confirm button is disabled until the phrase matches, so Enter would not
                  // submit: say what is expected instead.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void confirm();
                  }
                }}
                error={error ?? undefined}
                testId="delete-confirm-input"
              />
              <div className="forum-form__actions">
                <Dialog.Close asChild>
                  <Button variant="secondary" data-testid="delete-cancel">
                    {TEXTS.cancel}
                  </Button>
                </Dialog.Close>
                <Button
                  type="submit"
                  variant="danger"
                  disabled={!matches || busy}
                  data-testid="delete-confirm"
                >
                  {busy ? TEXTS.deleting : TEXTS.deleteCommunity}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Card>
  );
}

function Settings() {
  const { name = '' } = useParams();
  const community = useCommunity(name);
  // §M1: the owner (whoever holds the seat now: ownership can be handed over) and the admin.
  const role = useCommunityRole(community.data?.community);
  const navigate = useNavigate();
  if (community.isPending || !role.known) {
    return <Spinner block data-testid="settings-loading" />;
  }
  if (community.isError) {
    return isApiError(community.error) && community.error.status === 404 ? (
      <CommunityNotFound />
    ) : (
      <ErrorState title={TEXTS.communityFailed} onRetry={() => void community.refetch()} />
    );
  }
  const c = community.data.community;
  const back = `/c/${encodeURIComponent(c.name)}`;
  if (!role.canEdit) {
    return (
      <EmptyState
        title={TEXTS.noEditPermission}
        action={
          <Link to={back} className={buttonClassName('secondary')}>
            Back to c/{c.name}
          </Link>
        }
        data-testid="settings-forbidden"
      />
    );
  }
  return (
    <>
      <div className="forum-section__head">
        <h1 className="forum-page__title">{TEXTS.communitySettings}</h1>
        <Button variant="secondary" onClick={() => navigate(back)} data-testid="settings-back">
          Back to c/{c.name}
        </Button>
      </div>
      <InfoSection community={c} />
      <LogoSection community={c} />
      <DangerZone community={c} />
    </>
  );
}

export default function CommunitySettingsPage() {
  return (
    <div className="forum-page forum-page--narrow" data-testid="community-settings-page">
      <RequireSignIn>
        <Settings />
      </RequireSignIn>
    </div>
  );
}
