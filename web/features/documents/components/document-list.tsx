import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { refusalMessage } from '../../../lib/api-client';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments, type DocumentRecord } from '../api/get-documents';
import { getPresignedUrl } from '../api/get-presigned-url';
import { documentFileName } from '../file-name';
import { documentsText as t } from '../strings';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DocumentRow } from './document-row';

export type Notify = (severity: 'success' | 'error', text: string) => void;

interface DocumentListProps {
  propertyIds: string[];
  propertyNames: Map<string, string>;
  isAdmin: boolean;
  notify: Notify;
}

/** The 'View' tab: documents of the selected properties with View, Download and (administrators) Delete. */
export function DocumentList({ propertyIds, propertyNames, isAdmin, notify }: DocumentListProps) {
  const documents = useDocuments(propertyIds, true);
  const deletion = useDeleteDocument();
  const [pendingDelete, setPendingDelete] = useState<DocumentRecord | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  async function handleView(doc: DocumentRecord) {
    // Opened before the await so that the browser treats it as the click's own window.
    const win = window.open('', '_blank');
    try {
      const url = await getPresignedUrl(doc.DOCUMENT_URL);
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (err) {
      win?.close();
      // The server's words for a refusal (a document being checked for malware, or found infected).
      notify('error', refusalMessage(err) ?? t.accessFailed);
    }
  }

  async function handleDownload(doc: DocumentRecord) {
    setBusyKey(doc.DOCUMENT_URL);
    try {
      const url = await getPresignedUrl(doc.DOCUMENT_URL);
      // Not from the cache: a View of the same link in the same second leaves a copy fetched
      // without CORS headers, which a CORS fetch may not read (the download then failed at random).
      const res = await fetch(url, { cache: 'no-store' });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const href = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = href;
      link.download = documentFileName(doc.DOCUMENT_URL);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
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
  else
    body = (
      <List dense aria-label={t.viewTitle} sx={{ maxHeight: 360, overflow: 'auto' }}>
        {documents.data.map((doc) => (
          <DocumentRow
            key={`${doc.PROPERTY_ID}/${doc.DOCUMENT_URL}`}
            document={doc}
            propertyName={propertyNames.get(doc.PROPERTY_ID) ?? doc.PROPERTY_ID}
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
    <section aria-labelledby="view-documents-title">
      <Typography id="view-documents-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t.viewTitle}
      </Typography>
      {body}
      <ConfirmDeleteDialog
        fileName={pendingDelete ? documentFileName(pendingDelete.DOCUMENT_URL) : null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={handleConfirmDelete}
      />
    </section>
  );
}
