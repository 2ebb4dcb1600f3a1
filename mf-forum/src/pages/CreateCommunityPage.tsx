import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { CreateCommunityBody } from '@forum/contracts';
import { errorMessage, useApi } from '@forum/sdk';
import { Alert, Button, Card, CheckboxField, TextField } from '@forum/ui';
import { RequireSignIn } from '../components/RequireSignIn';
import { TextAreaField } from '../components/TextArea';
import { TEXTS } from '../texts';

type Input = z.input<typeof CreateCommunityBody>;
type Values = z.output<typeof CreateCommunityBody>;

function CreateCommunityForm() {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(CreateCommunityBody),
    defaultValues: { name: '', description: '', rules: '', is_nsfw: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { community } = await api.call('POST /api/communities', { body: values });
      void queryClient.invalidateQueries({ queryKey: ['communities'] });
      navigate(`/c/${encodeURIComponent(community.name)}`);
    } catch (err) {
      setServerError(errorMessage(err, TEXTS.createCommunityFailed));
    }
  });
  return (
    <Card className="forum-form-card">
      <h1 className="forum-page__title">{TEXTS.createACommunity}</h1>
      <form className="forum-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {serverError ? (
          <Alert variant="error" data-testid="form-error">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          label="Name"
          hint="3 to 50 characters: letters, numbers and underscores. The name cannot be changed later."
          autoComplete="off"
          error={errors.name?.message}
          testId="community-name"
          {...register('name')}
        />
        <TextAreaField
          label="Description"
          hint="10 to 500 characters."
          rows={3}
          error={errors.description?.message}
          testId="community-description"
          {...register('description')}
        />
        <TextAreaField
          label="Rules"
          hint="5 to 2000 characters."
          rows={5}
          error={errors.rules?.message}
          testId="community-rules"
          {...register('rules')}
        />
        <CheckboxField
          label="NSFW (18+) community"
          testId="community-nsfw"
          {...register('is_nsfw')}
        />
        <div className="forum-form__actions">
          <Button
            variant="secondary"
            onClick={() => navigate('/communities')}
            data-testid="cancel-button"
          >
            {TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={isSubmitting} data-testid="submit-button">
            {isSubmitting ? TEXTS.creating : TEXTS.createCommunity}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export default function CreateCommunityPage() {
  return (
    <div className="forum-page forum-page--narrow" data-testid="create-community-page">
      <RequireSignIn>
        <CreateCommunityForm />
      </RequireSignIn>
    </div>
  );
}
