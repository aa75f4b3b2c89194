import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { DocumentRecord } from '../api/get-documents';
import { documentFileName, formatUploadedAt } from '../file-name';
import { documentsText as t } from '../strings';

interface DocumentRowProps {
  document: DocumentRecord;
  propertyName: string;
  /** Named after the property when the list holds several customers' documents. */
  customerName?: string;
  canDelete: boolean;
  busy: boolean;
  onView(doc: DocumentRecord): void;
  onDownload(doc: DocumentRecord): void;
  onDelete(doc: DocumentRecord): void;
}

/** One document: its file name, property and upload date, and its actions. */
export function DocumentRow({ document, propertyName, customerName, canDelete, busy, onView, onDownload, onDelete }: DocumentRowProps) {
  const name = documentFileName(document.DOCUMENT_URL);
  return (
    <ListItem divider aria-label={name} sx={{ gap: 2, py: 0.25, minHeight: 40 }}>
      <ListItemText
        primary={name}
        secondary={`${t.uploaded} ${formatUploadedAt(document.UPLOADED_AT)} · ${propertyName}${customerName ? ` (${customerName})` : ''}`}
        sx={{ my: 0 }}
        slotProps={{
          primary: { sx: { wordBreak: 'break-all', fontWeight: 500, lineHeight: 1.3 } },
          secondary: { variant: 'caption', sx: { display: 'block', lineHeight: 1.35 } },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, '& .MuiButton-root': { py: 0.25 } }}>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => onView(document)}>
          {t.view}
        </Button>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => onDownload(document)}>
          {t.download}
        </Button>
        {canDelete && (
          <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => onDelete(document)}>
            {t.delete}
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}
