import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface InlineConfirmProps {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A question before an action that is hard to undo, in place (no dialog over the dialog): the
 * safe answer has the focus when it appears, Escape answers it.
 */
export function InlineConfirm({ title, text, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: InlineConfirmProps) {
  const titleId = useId();
  const textId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // The dialog around it would close on Escape: only the question is answered.
        e.stopPropagation();
        onCancel();
      }}
      sx={{ border: 1, borderColor: danger ? 'error.main' : 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
    >
      <Typography id={titleId} variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography id={textId} variant="body2" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button ref={cancel} size="small" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button size="small" variant="contained" color={danger ? 'error' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Stack>
    </Box>
  );
}
