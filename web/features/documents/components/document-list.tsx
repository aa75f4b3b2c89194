import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { refusalMessage } from '../../../lib/api-client';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments, type DocumentRecord } from '../api/get-documents';
import { downloadDocument, openDocumentInNewTab } from '../../../lib/document-link';
import { orderDocuments, type DocumentSort } from '../document-order';
import { documentFileName, downloadName } from '../file-name';
import { documentsText as t } from '../strings';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DocumentRow } from './document-row';

export type Notify = (severity: 'success' | 'error', text: string) => void;

interface DocumentListProps {
  propertyIds: string[];
  propertyNames: Map<string, string>;
  /** Property id -> customer name, when the list holds several customers' documents. */
  customerOf?: ReadonlyMap<string, string>;
  isAdmin: boolean;
  notify: Notify;
}

/** The 'View' tab: documents of the selected properties with View, Download and (administrators) Delete. */
export function DocumentList({ propertyIds, propertyNames, customerOf, isAdmin, notify }: DocumentListProps) {
  const documents = useDocuments(propertyIds, true);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DocumentSort>('date');
  const query = useDeferredValue(search);
  const shown = useMemo(() => orderDocuments(documents.data ?? [], query, sort), [documents.data, query, sort]);
  const searching = query.trim() !== '';
  const deletion = useDeleteDocument();
  const [pendingDelete, setPendingDelete] = useState<DocumentRecord | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  async function handleView(doc: DocumentRecord) {
    try {
      await openDocumentInNewTab(doc.DOCUMENT_URL);
    } catch (err) {
      // The server's words for a refusal (a document being checked for malware, or found infected).
      notify('error', refusalMessage(err) ?? t.accessFailed);
    }
  }

  async function handleDownload(doc: DocumentRecord) {
    setBusyKey(doc.DOCUMENT_URL);
    try {
      await downloadDocument(doc.DOCUMENT_URL, downloadName(doc, documents.data ?? [], propertyNames.get(doc.PROPERTY_ID) ?? doc.PROPERTY_ID));
    } catch (err) {
      notify('error', refusalMessage(err) ?? t.downloadFailed);
    } finally {
      setBusyKey(null);
    }
  }

  function handleConfirmDelete() {
    const doc = pendingDelete;
    setPendingDelete(null);
    if (!doc) return;
    setBusyKey(doc.DOCUMENT_URL);
    deletion.mutate(
      { key: doc.DOCUMENT_URL, propertyId: doc.PROPERTY_ID },
      {
        onSuccess: () => notify('success', t.deleted),
        onError: () => notify('error', t.deleteFailed),
        onSettled: () => setBusyKey(null),
      },
    );
  }

  const loaded = propertyIds.length > 0 && documents.isSuccess && documents.data.length > 0;
  let body;
  if (propertyIds.length === 0) body = <Typography color="text.secondary">{t.noDocuments}</Typography>;
  else if (documents.isPending) body = <Typography color="text.secondary">{t.loadingDocuments}</Typography>;
  else if (documents.isError)
    body = (
      <Typography color="error" role="alert">
        {t.fetchFailed}
      </Typography>
    );
  else if (documents.data.length === 0) body = <Typography color="text.secondary">{t.noDocuments}</Typography>;
  else if (shown.length === 0)
    body = (
      <Typography color="text.secondary" data-testid="no-match">
        {t.noMatch(query)}
      </Typography>
    );
  else
    body = (
      <List dense disablePadding aria-label={t.viewTitle} sx={{ flex: 1, minHeight: 0, overflow: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {shown.map((doc) => (
          <DocumentRow
            key={`${doc.PROPERTY_ID}/${doc.DOCUMENT_URL}`}
            document={doc}
            propertyName={propertyNames.get(doc.PROPERTY_ID) ?? doc.PROPERTY_ID}
            customerName={customerOf?.get(doc.PROPERTY_ID)}
            canDelete={isAdmin}
            busy={busyKey === doc.DOCUMENT_URL}
            onView={handleView}
            onDownload={handleDownload}
            onDelete={setPendingDelete}
          />
        ))}
      </List>
    );

  return (
    <Stack component="section" aria-labelledby="view-documents-title" spacing={1} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexShrink: 0 }}>
        <Typography id="view-documents-title" variant="h6" component="h3" sx={{ flexShrink: 0 }}>
          {t.viewTitle}
        </Typography>
        <Typography id="documents-count" variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ flexShrink: 0 }}>
          {loaded ? t.documentCount(shown.length, documents.data.length, searching) : ''}
        </Typography>
        <TextField
          type="search"
          size="small"
          label={t.searchLabel}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1, maxWidth: 360, ml: 'auto !important', '& input::-webkit-search-cancel-button': { display: 'none' } }}
          slotProps={{
            input: {
              endAdornment: search ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={t.clearSearch} edge="end" onClick={() => setSearch('')}>
                    <SvgIcon fontSize="small">
                      <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
                    </SvgIcon>
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <TextField select size="small" label={t.sortLabel} value={sort} onChange={(e) => setSort(e.target.value as DocumentSort)} sx={{ width: 170 }}>
          <MenuItem value="date">{t.sortDate}</MenuItem>
          <MenuItem value="name">{t.sortName}</MenuItem>
        </TextField>
      </Stack>
      {body}
      <ConfirmDeleteDialog
        fileName={pendingDelete ? documentFileName(pendingDelete.DOCUMENT_URL) : null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={handleConfirmDelete}
      />
    </Stack>
  );
}
