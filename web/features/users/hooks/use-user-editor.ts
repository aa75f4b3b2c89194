import { useState } from 'react';
import { titleCase } from '../../../components/text/display-name';
import { ApiError, unavailableMessage } from '../../../lib/api-client';
import { changeName } from '../api/change-name';
import type { UserAccount } from '../api/get-accounts';
import { setQuoteApproval, type QuoteApprovalChoice } from '../api/set-quote-approval';
import { approvalOf, type ApprovalKind } from '../quote-approval';
import { usersText as t } from '../strings';
import { useAssignmentEditor } from './use-assignment-editor';
import { useSaveAssignments } from './use-save-assignments';

const kindOf = (a: QuoteApprovalChoice | undefined): ApprovalKind => (!a ? 'none' : a.limit === null ? 'any' : 'limit');
const sameApproval = (a: QuoteApprovalChoice | undefined, b: QuoteApprovalChoice | undefined) => (a ?? null) === (b ?? null) || (!!a && !!b && a.limit === b.limit);

export interface SaveOutcome {
  severity: 'success' | 'error';
  text: string;
}

/**
 * Everything an administrator edits of one user in the user detail, saved by one Save: the name,
 * the quote-approval permission, and the customers and properties. Each part is sent only when it
 * differs from what is saved, in that order; a part that fails stays changed on screen and is named.
 */
export function useUserEditor(user: UserAccount) {
  // What is saved, as this view last knew it (updated by its own saves before the list reloads).
  const [saved, setSaved] = useState(() => ({ name: user.NAME, approval: user.QUOTE_APPROVAL ?? null }));
  const [name, setName] = useState(() => titleCase(user.NAME));
  const [kind, setKind] = useState<ApprovalKind>(() => kindOf(user.QUOTE_APPROVAL));
  const [limit, setLimit] = useState(() => (user.QUOTE_APPROVAL?.limit ? String(user.QUOTE_APPROVAL.limit) : ''));
  const [nameError, setNameError] = useState<string | null>(null);
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assignments = useAssignmentEditor(user.EMAIL);
  const saveAssignments = useSaveAssignments();

  const chosen = approvalOf(kind, limit);
  const nameChanged = name.trim().toLowerCase() !== saved.name;
  // An amount that is not one yet counts as a change (Save then says what is wrong with it).
  const approvalChanged = chosen !== null && 'error' in chosen ? true : !sameApproval(chosen, saved.approval);
  const dirty = nameChanged || approvalChanged || assignments.dirty;

  /** Checks the fields; true when a save may go. */
  function validate(): boolean {
    const nameOk = !!name.trim();
    setNameError(nameOk ? null : t.nameRequired);
    const approvalOk = !(chosen && 'error' in chosen);
    setApprovalError(approvalOk ? null : (chosen as { error: string }).error);
    return nameOk && approvalOk;
  }

  const failure = (err: unknown, fallback: string) => unavailableMessage(err) ?? (err instanceof ApiError && err.status < 500 ? err.message : fallback);

  /** Sends what changed; resolves to the message to show. */
  async function save(): Promise<SaveOutcome> {
    setBusy(true);
    const done: string[] = [];
    try {
      if (nameChanged) {
        try {
          await changeName({ email: user.EMAIL, name });
        } catch (err) {
          setNameError(failure(err, t.changeNameFailed));
          return { severity: 'error', text: t.savedPartly(done, t.partName) };
        }
        const lower = name.trim().toLowerCase();
        setSaved((s) => ({ ...s, name: lower }));
        setName(titleCase(lower));
        done.push(t.partName);
      }
      if (approvalChanged) {
        const approval = chosen as QuoteApprovalChoice;
        try {
          await setQuoteApproval({ email: user.EMAIL, approval });
        } catch (err) {
          setApprovalError(failure(err, t.quoteApprovalFailed));
          return { severity: 'error', text: t.savedPartly(done, t.partApproval) };
        }
        setSaved((s) => ({ ...s, approval }));
        done.push(t.partApproval);
      }
      if (assignments.dirty) {
        try {
          await saveAssignments.mutateAsync({ email: user.EMAIL, ...assignments.payload() });
        } catch {
          return { severity: 'error', text: t.savedPartly(done, t.partAssignments) };
        }
        assignments.reset();
        return { severity: 'success', text: done.length ? t.savedAll([...done, t.partAssignments]) : t.updated };
      }
      return { severity: 'success', text: t.savedAll(done) };
    } finally {
      setBusy(false);
    }
  }

  return {
    name,
    setName: (v: string) => {
      setName(v);
      setNameError(null);
    },
    nameError,
    kind,
    setKind: (k: ApprovalKind) => {
      setKind(k);
      setApprovalError(null);
    },
    limit,
    setLimit: (v: string) => {
      setLimit(v);
      setApprovalError(null);
    },
    approvalError,
    assignments,
    dirty,
    busy: busy || assignments.busy,
    validate,
    save,
  };
}
