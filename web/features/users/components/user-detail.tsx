import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { titleCase } from '../../../components/text/display-name';
import type { UserAccount } from '../api/get-accounts';
import { useRemoveUsers } from '../api/remove-users';
import type { AccountMail } from '../api/send-account-mail';
import { useUserEditor } from '../hooks/use-user-editor';
import type { ApprovalKind } from '../quote-approval';
import { useChangeEmailForm } from '../hooks/use-change-email-form';
import { usersText as t } from '../strings';
import { AssignmentFields } from './assignment-fields';
import { InlineConfirm } from './inline-confirm';
import { writtenTime } from '../../../components/text/dates';

export type Notice = { severity: 'success' | 'error'; text: string };

export interface UserDetailProps {
  user: UserAccount;
  onBack(): void;
  /** A message above the view (the list's, kept when going back). */
  onNotice(notice: Notice | null): void;
  onSend(kind: AccountMail, email: string): void;
  sending: boolean;
  busyFor(kind: AccountMail, email: string): boolean;
  onEmailChanged(newEmail: string): void;
  onRemoved(email: string): void;
  onViewAs?: (email: string) => void;
  onUsersChanged?: () => void;
  /** Told whether the user has unsaved changes (the dialog asks before closing them away). */
  onDirtyChange?: (dirty: boolean) => void;
}

export const lastSignIn = (iso: string | null) => (iso ? writtenTime(iso) : t.never);
export const statusText = (user: UserAccount) => (user.STATUS === 'invited' ? t.statusInvited : user.STATUS === 'active' ? t.statusActive : t.statusUnknown);

/**
 * One user of the list (administrators; beyond the spec), in the same dialog: their name, email,
 * customers and properties, account mail, view as, and removal with one question in place.
 */
export function UserDetail(props: UserDetailProps) {
  // One editor per user: another user (or a changed email) starts afresh.
  return <UserDetailBody key={props.user.EMAIL} {...props} />;
}

function UserDetailBody(props: UserDetailProps) {
  const { user } = props;
  const label = user.NAME ? titleCase(user.NAME) : user.EMAIL;
  const editor = useUserEditor(user);
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(editor.dirty), [editor.dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a user moves the focus to its heading (the row's button is gone).
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack spacing={2} aria-label={t.detailLabel(label)} role="region">
      <Box>
        <Button size="small" onClick={props.onBack} startIcon={<BackIcon />} sx={{ ml: -1 }}>
          {t.backToList}
        </Button>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h3" sx={{ outline: 'none', overflowWrap: 'anywhere' }} data-testid="user-detail-name">
          {label}
        </Typography>
        <Chip size="small" label={statusText(user)} color={user.STATUS === 'active' ? 'success' : 'default'} variant={user.STATUS === 'active' ? 'filled' : 'outlined'} />
        <Typography variant="body2" color="text.secondary">
          {user.EMAIL} · {t.lastSignInLabel} {lastSignIn(user.LAST_SIGN_IN)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(280px, 340px) minmax(0, 1fr)', gap: 2, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <NameSection editor={editor} />
          <QuoteApprovalSection editor={editor} />
          <EmailSection key={user.EMAIL} {...props} />
          <MailSection {...props} />
          {props.onViewAs && (
            <Section title={t.viewAsSection}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t.viewAsNote}
              </Typography>
              <Button variant="outlined" size="small" onClick={() => props.onViewAs?.(user.EMAIL)}>
                {t.viewAsUser}
              </Button>
            </Section>
          )}
          <RemoveSection {...props} label={label} />
        </Stack>
        <Section title={t.assignmentsSection}>
          <Stack spacing={1.5}>
            <AssignmentFields editor={editor.assignments} height={260} />
            {editor.assignments.errors.map((e) => (
              <Alert key={e} severity="error">
                {e}
              </Alert>
            ))}
          </Stack>
        </Section>
      </Box>
      <SaveBar {...props} editor={editor} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

type UserEditor = ReturnType<typeof useUserEditor>;

function NameSection({ editor }: { editor: UserEditor }) {
  return (
    <Section title={t.nameSection}>
      <TextField
        size="small"
        fullWidth
        label={t.name}
        value={editor.name}
        onChange={(e) => editor.setName(e.target.value)}
        disabled={editor.busy}
        error={!!editor.nameError}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {editor.nameError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {editor.nameError}
        </Alert>
      )}
    </Section>
  );
}

/** The permission's fields (Create User uses them too): a choice, and the amount for "Up to an amount". */
export function QuoteApprovalFields(props: { kind: ApprovalKind; limit: string; error: string | null; disabled?: boolean; onKind(k: ApprovalKind): void; onLimit(v: string): void }) {
  return (
    // One above the other: side by side in the detail's narrow column, the amount's label was cut ("Largest amou…").
    <Stack spacing={1.5}>
      <TextField select size="small" label={t.quoteChoice} value={props.kind} onChange={(e) => props.onKind(e.target.value as ApprovalKind)} disabled={props.disabled} fullWidth>
        <MenuItem value="none">{t.quoteNone}</MenuItem>
        <MenuItem value="limit">{t.quoteUpTo}</MenuItem>
        <MenuItem value="any">{t.quoteAny}</MenuItem>
      </TextField>
      {props.kind === 'limit' && (
        <TextField
          size="small"
          label={t.quoteLimit}
          value={props.limit}
          onChange={(e) => props.onLimit(e.target.value)}
          disabled={props.disabled}
          error={!!props.error}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          fullWidth
        />
      )}
    </Stack>
  );
}

function QuoteApprovalSection({ editor }: { editor: UserEditor }) {
  return (
    <Section title={t.quoteSection}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.quoteNote}
      </Typography>
      <QuoteApprovalFields kind={editor.kind} limit={editor.limit} error={editor.approvalError} disabled={editor.busy} onKind={editor.setKind} onLimit={editor.setLimit} />
      {editor.approvalError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {editor.approvalError}
        </Alert>
      )}
    </Section>
  );
}

/** The one Save of the user: the name, the quote approval, the customers and properties; asks first when no property is left. */
function SaveBar({ user, editor, onNotice, onUsersChanged }: UserDetailProps & { editor: UserEditor }) {
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const a = editor.assignments;

  async function save() {
    setConfirmingEmpty(false);
    onNotice(null);
    const outcome = await editor.save();
    onNotice(outcome);
    onUsersChanged?.();
  }

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!editor.validate()) return;
    if (a.dirty && a.selectedPropertyIds.length === 0) setConfirmingEmpty(true);
    else void save();
  }

  return (
    <Paper variant="outlined" component="form" onSubmit={handleSubmit} noValidate sx={{ p: 1.5, position: 'sticky', bottom: 0, zIndex: 1 }}>
      {confirmingEmpty ? (
        <InlineConfirm
          title={t.saveNoPropertiesTitle}
          text={a.selectedCustomerIds.length ? t.saveNoPropertiesText(user.EMAIL) : t.saveNoCustomersText(user.EMAIL)}
          confirmLabel={t.saveAnyway}
          cancelLabel={t.goBack}
          onConfirm={() => void save()}
          onCancel={() => setConfirmingEmpty(false)}
        />
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {editor.dirty ? <strong>{t.unsavedChanges}</strong> : t.allSaved} · {t.saveUserNote}
          </Typography>
          <Button type="submit" variant="contained" disabled={editor.busy || !editor.dirty || a.available.isFetching} data-testid="save-user">
            {editor.busy ? t.saving : t.saveChanges}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function EmailSection({ user, onNotice, onEmailChanged, onUsersChanged }: UserDetailProps) {
  const [editing, setEditing] = useState(false);
  const form = useChangeEmailForm(user.EMAIL, (next) => {
    setEditing(false);
    onNotice({ severity: 'success', text: t.emailChanged(next) });
    onEmailChanged(next);
    onUsersChanged?.();
  });
  return (
    <Section title={t.emailSection}>
      {!editing ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {user.EMAIL}
          </Typography>
          <Button size="small" onClick={() => setEditing(true)} sx={{ flexShrink: 0 }}>
            {t.changeEmail}
          </Button>
        </Stack>
      ) : (
        <Box component="form" onSubmit={form.submit} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t.changeEmailText(user.EMAIL)}
          </Typography>
          <TextField
            autoFocus
            size="small"
            fullWidth
            type="email"
            label={t.newEmail}
            value={form.value}
            onChange={(e) => form.setValue(e.target.value)}
            disabled={form.pending}
            error={!!form.error}
          />
          {form.error && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {form.error}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
            <Button
              size="small"
              onClick={() => {
                form.reset();
                setEditing(false);
              }}
            >
              {t.cancel}
            </Button>
            <Button type="submit" size="small" variant="contained" disabled={form.pending}>
              {form.pending ? t.saving : t.changeEmail}
            </Button>
          </Stack>
        </Box>
      )}
    </Section>
  );
}

function MailSection({ user, onSend, sending, busyFor }: UserDetailProps) {
  if (user.STATUS !== 'invited' && user.STATUS !== 'active') return null;
  const invited = user.STATUS === 'invited';
  const kind: AccountMail = invited ? 'invitation' : 'resetCode';
  return (
    <Section title={t.mailSection}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {invited ? t.invitedNote : t.activeNote}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={sending}
        aria-label={invited ? t.resendInvitationTo(user.EMAIL) : t.sendResetCodeTo(user.EMAIL)}
        onClick={() => onSend(kind, user.EMAIL)}
      >
        {busyFor(kind, user.EMAIL) ? t.sending : invited ? t.resendInvitation : t.sendResetCode}
      </Button>
    </Section>
  );
}

function RemoveSection({ user, label, onNotice, onRemoved, onUsersChanged }: UserDetailProps & { label: string }) {
  const [confirming, setConfirming] = useState(false);
  const removal = useRemoveUsers();
  function handleRemove() {
    onNotice(null);
    // The promise: once the list no longer has the user this view is gone, and mutate's callbacks with it.
    removal.mutateAsync([user.EMAIL]).then(
      () => {
        onUsersChanged?.();
        onRemoved(user.EMAIL);
      },
      () => {
        setConfirming(false);
        onNotice({ severity: 'error', text: t.removeFailed });
      },
    );
  }
  return (
    <Section title={t.removeSection}>
      {confirming ? (
        <InlineConfirm
          danger
          busy={removal.isPending}
          title={t.removeUserConfirmTitle(label)}
          text={t.removeUserConfirmText(user.EMAIL)}
          confirmLabel={removal.isPending ? t.removing : t.removeUser}
          cancelLabel={t.cancel}
          onConfirm={handleRemove}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button size="small" color="error" variant="outlined" onClick={() => setConfirming(true)}>
          {t.removeUser}
        </Button>
      )}
    </Section>
  );
}

function BackIcon() {
  return (
    <SvgIcon fontSize="small">
      <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
    </SvgIcon>
  );
}
