import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { uploadDocument } from '../api/upload-document';
import { isValidFileName } from '../file-name';
import { documentKeys } from '../query-keys';
import { documentsText as t } from '../strings';
import { uploadErrorDetail } from '../upload-progress';
import { uploadFailureMessage, type PropertyUpload } from '../upload-summary';

interface UploadPanelProps {
  propertyIds: string[];
  propertyNames: Map<string, string>;
  /** How many properties the customer has: an upload to all but one is confirmed too. */
  propertyCount: number;
  /** After every selected property got the file. */
  onUploaded(count: number): void;
}

/**
 * Whether an upload asks first, naming where it goes: to more than one property, or to all of a
 * customer's properties but one (the state a click on a preselected property leaves).
 */
export function uploadNeedsConfirmation(targets: number, propertyCount: number): boolean {
  return targets > 1 || (propertyCount > 1 && targets === propertyCount - 1);
}

/** The 'Upload' tab: one file, uploaded to each selected property in turn, with a progress bar per property. */
export function UploadPanel({ propertyIds, propertyNames, propertyCount, onUploaded }: UploadPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<PropertyUpload[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Properties that already hold this very file after a partly failed run: a retry skips them.
  const [doneFor, setDoneFor] = useState<{ file: File; ids: Set<string> } | null>(null);

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setUploads([]);
    setFailure(null);
    setFileError(chosen === null ? t.selectFile : isValidFileName(chosen.name) ? null : t.invalidFileName);
  }

  function clearFile() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function handleUploadClick() {
    if (file && isValidFileName(file.name) && uploadNeedsConfirmation(propertyIds.length, propertyCount)) setConfirming(true);
    else void handleUpload();
  }

  async function handleUpload() {
    setConfirming(false);
    if (!file) {
      setFileError(t.selectFile);
      return;
    }
    if (!isValidFileName(file.name)) {
      setFileError(t.invalidFileName);
      return;
    }
    setBusy(true);
    setFailure(null);
    const already = doneFor?.file === file ? doneFor.ids : new Set<string>();
    const list: PropertyUpload[] = propertyIds.map((id) => ({
      propertyId: id,
      name: propertyNames.get(id) ?? id,
      state: already.has(id) ? 'done' : 'waiting',
      percent: already.has(id) ? 100 : 0,
    }));
    const update = (index: number, patch: Partial<PropertyUpload>) => {
      list[index] = { ...list[index], ...patch };
      setUploads([...list]);
    };
    setUploads([...list]);
    for (let i = 0; i < list.length; i++) {
      if (list[i].state === 'done') continue;
      update(i, { state: 'uploading' });
      try {
        await uploadDocument({ file, propertyId: list[i].propertyId, onProgress: (percent) => update(i, { percent }) });
        update(i, { state: 'done', percent: 100 });
      } catch (error) {
        const { detail, stopRun } = uploadErrorDetail(error instanceof ApiError ? error : null);
        update(i, { state: 'failed', error: detail });
        if (stopRun) {
          // The same answer would come for every remaining property: mark them without sending.
          for (let j = i + 1; j < list.length; j++) if (list[j].state === 'waiting') update(j, { state: 'failed', error: detail });
          break;
        }
      }
    }
    await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    setBusy(false);
    const message = uploadFailureMessage(list);
    if (message) {
      setDoneFor({ file, ids: new Set(list.filter((u) => u.state === 'done').map((u) => u.propertyId)) });
      setFailure(message);
      return;
    }
    setDoneFor(null);
    setUploads([]);
    clearFile();
    onUploaded(list.length);
  }

  return (
    <Stack spacing={2}>
      <div>
        <Typography>{t.uploadNote}</Typography>
        {propertyIds.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="upload-targets">
            {t.uploadTargets(propertyIds.map((id) => propertyNames.get(id) ?? id))}
          </Typography>
        )}
      </div>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" component="label" disabled={busy}>
          {t.chooseFile}
          <input ref={inputRef} type="file" hidden aria-label={t.chooseFile} onChange={handleFileChange} />
        </Button>
        <Typography sx={{ wordBreak: 'break-all' }} data-testid="chosen-file">
          {file?.name ?? t.noFileChosen}
        </Typography>
      </Stack>
      {!file && !fileError && <Typography color="text.secondary">{t.selectFile}</Typography>}
      {fileError && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {fileError}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          disabled={busy || !file || propertyIds.length === 0 || fileError !== null}
          onClick={handleUploadClick}
        >
          {busy ? t.uploading : t.uploadFile}
        </Button>
      </Box>
      {uploads.length > 0 && (
        <Stack spacing={1} aria-label="Upload progress">
          {uploads.map((u) => (
            <Box key={u.propertyId}>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2" id={`upload-${u.propertyId}`}>
                  {u.name}
                  {u.state === 'failed' ? ' — failed' : u.state === 'done' ? ' — done' : ''}
                </Typography>
                {/* The bar carries the value for assistive technology. */}
                <Typography variant="body2" color="text.secondary" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {u.percent}%
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={u.percent}
                color={u.state === 'failed' ? 'error' : u.state === 'done' ? 'success' : 'primary'}
                aria-labelledby={`upload-${u.propertyId}`}
              />
            </Box>
          ))}
        </Stack>
      )}
      {failure && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {failure}
        </Alert>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="confirm-upload-title">
        <DialogTitle id="confirm-upload-title">{t.uploadConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.uploadConfirm(file?.name ?? '', propertyIds.length)}</DialogContentText>
          <Box component="ul" data-testid="upload-confirm-targets" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {propertyIds.map((id) => (
              <li key={id}>{propertyNames.get(id) ?? id}</li>
            ))}
          </Box>
          {propertyCount > 1 && propertyIds.length === propertyCount - 1 && (
            <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
              {t.uploadConfirmAllBut([...propertyNames.entries()].find(([id]) => !propertyIds.includes(id))?.[1] ?? '')}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t.cancel}</Button>
          <Button variant="contained" onClick={() => void handleUpload()}>
            {t.uploadConfirmButton(propertyIds.length)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
