import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { unsavedText } from './unsaved-strings';


/**
 * A dialog whose form can hold unsaved changes: closing it (Escape, the close button, Back, another
 * user) asks first while the form says it is changed, and so does leaving the page.
 */
export function useUnsavedGuard() {
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Runs the action at once, or after the user agrees to discard the changes. */
  const guard = useCallback(
    (action: () => void) => {
      if (dirty) setPending(() => action);
      else action();
    },
    [dirty],
  );

  const prompt = (
    <ConfirmDialog
      open={pending !== null}
      title={unsavedText.title}
      text={unsavedText.text}
      confirmLabel={unsavedText.discard}
      cancelLabel={unsavedText.keep}
      danger
      onConfirm={() => {
        const action = pending;
        setPending(null);
        setDirty(false);
        action?.();
      }}
      onCancel={() => setPending(null)}
    />
  );

  return { dirty, setDirty, guard, prompt };
}
