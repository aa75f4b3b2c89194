import { useState, type FormEvent } from 'react';
import { ApiError, unavailableMessage } from '../../../lib/api-client';
import { useChangeEmail } from '../api/change-email';
import { usersText as t } from '../strings';

/**
 * The new-email field of Change Email and its submission (the Change Email dialog and the user
 * list's detail view): lower-cased and trimmed, 'Enter the new email.' when empty, the server's
 * 400 message, 'User with this email already exists.' for a taken address.
 */
export function useChangeEmailForm(email: string | null, onChanged: (newEmail: string) => void) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeEmail();

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!email) return;
    const newEmail = value.trim().toLowerCase();
    if (!newEmail) {
      setError(t.newEmailRequired);
      return;
    }
    setError(null);
    // The promise, not mutate's callbacks: these run even when the view that asked is gone by
    // then (the user list's detail is keyed by the email that just changed).
    change.mutateAsync({ email, newEmail }).then(
      () => {
        setValue('');
        onChanged(newEmail);
      },
      (err: unknown) => setError(err instanceof ApiError && err.status === 422 ? t.exists : err instanceof ApiError && err.status === 400 ? err.message : (unavailableMessage(err) ?? t.changeEmailFailed)),
    );
  }

  return {
    value,
    error,
    pending: change.isPending,
    setValue: (next: string) => {
      setValue(next);
      setError(null);
    },
    submit,
    reset: () => {
      setValue('');
      setError(null);
    },
  };
}
