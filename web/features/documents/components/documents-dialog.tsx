import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { accountProperties } from '../account-properties';
import { useAssignedProperties } from '../api/get-assigned-properties';
import { useBuildings, useBuildingsOf } from '../api/get-buildings';
import { useCustomerByEmail } from '../api/get-customer-by-email';
import { useCustomers } from '../api/get-customers';
import { ownEmail } from '../own-email';
import { documentsText as t } from '../strings';
import { CustomerPicker } from './customer-picker';
import { DocumentList, type Notify } from './document-list';
import { PropertyPicker } from '../../../components/pickers/property-picker';
import { clickProperty, EMPTY_SELECTION, resolve, selectNone, type PickerOption, type Selection } from '../../../components/pickers/property-selection';
import { titleCase } from '../../../components/text/display-name';
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
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="documents-dialog-title"
      // As tall as the window allows, so the list (which scrolls inside) shows as many rows as fit.
      slotProps={{ paper: { sx: { height: 'calc(100% - 32px)', maxHeight: 960, my: 2 } } }}
    >
      <DialogHeading id="documents-dialog-title" title={t.title} closeLabel={t.close} onClose={onClose} />
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', py: 1.5 }}>
        {open && <DocumentsBody isAdmin={isAdmin} viewedEmail={viewedEmail} inView={inView} />}
      </DialogContent>
    </Dialog>
  );
}

type TabName = 'view' | 'upload';

/** The customer picker's entry for every customer of the account at once. */
const ACCOUNT = '\u0000account';

function DocumentsBody({ isAdmin, viewedEmail, inView }: Pick<DocumentsDialogProps, 'isAdmin' | 'viewedEmail'> & { inView: string | null }) {
  const [tab, setTab] = useState<TabName>('view');
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  // undefined: not chosen yet (the default applies); null: cleared; ACCOUNT: every customer of the account.
  const [chosenCustomer, setChosenCustomer] = useState<string | null | undefined>(undefined);
  // null: not chosen yet for this customer, so the default holds (every property, or the one in view).
  const [chosenSelection, setChosenSelection] = useState<Selection | null>(null);

  const allCustomers = useCustomers(isAdmin);
  // The account whose documents are shown: the signed-in customer's own, or the one an administrator views as.
  const accountEmail = isAdmin ? viewedEmail : ownEmail();
  const ownCustomers = useCustomerByEmail(accountEmail);
  const accountCustomers = useMemo(() => ownCustomers.data ?? [], [ownCustomers.data]);
  // An administrator viewing as an account sees that account's properties only, as its customer does
  // (a customer's own calls are narrowed by the server already).
  const assigned = useAssignedProperties(isAdmin ? viewedEmail : null);
  const accountBuildings = useBuildingsOf(accountCustomers.map((c) => c.id));
  // Customers (and an administrator viewing as one) start on every customer of the account at once;
  // an administrator on their own starts on none (spec section 4).
  const severalCustomers = accountCustomers.length > 1;
  const defaultCustomer = !accountEmail ? null : severalCustomers ? ACCOUNT : (accountCustomers[0]?.id ?? null);
  const customerId = chosenCustomer === undefined ? defaultCustomer : chosenCustomer;
  const wholeAccount = customerId === ACCOUNT;
  // One of the account's own customers is shown as the account sees it; any other (an administrator's choice) in full.
  const ofTheAccount = wholeAccount || accountCustomers.some((c) => c.id === customerId);

  const buildings = useBuildings(customerId && !ofTheAccount ? customerId : null);
  const accountLoading = accountBuildings.some((q) => q.isPending) || (isAdmin && !!viewedEmail && assigned.isPending);
  // Offered once every customer's properties are in, never a part of them (all are selected by default).
  const ofAccount = useMemo(
    () => (accountLoading ? [] : accountProperties(accountCustomers, accountBuildings.map((q) => q.data), isAdmin ? (assigned.data ?? new Set()) : null)),
    // The queries' array is new on every render; its data are what matter.
    [accountLoading, accountCustomers, isAdmin, assigned.data, ...accountBuildings.map((q) => q.data)],
  );
  const customerOf = useMemo(() => (wholeAccount ? new Map(ofAccount.map((p) => [p.id, p.customer])) : undefined), [wholeAccount, ofAccount]);
  const properties = useMemo(
    () => (wholeAccount ? ofAccount : ofTheAccount ? ofAccount.filter((p) => p.customerId === customerId) : (buildings.data ?? [])),
    [wholeAccount, ofTheAccount, customerId, ofAccount, buildings.data],
  );
  const propertiesLoading = ofTheAccount ? accountLoading : !!customerId && buildings.isPending;
  const propertyNames = useMemo(() => new Map(properties.map((p) => [p.id, p.name])), [properties]);
  const customerList = (isAdmin ? allCustomers.data : accountCustomers) ?? [];
  const customerName = titleCase(customerList.find((c) => c.id === customerId)?.name ?? '');
  // The one picker's options: each property under its customer.
  const options: PickerOption[] = useMemo(
    () =>
      properties.map((p: { id: string; name: string; customerId?: string; customer?: string }) => ({
        id: p.id,
        name: p.name,
        groupId: p.customerId ?? customerId ?? '',
        groupName: p.customer ?? customerName,
      })),
    [properties, customerId, customerName],
  );
  // Not chosen yet: the property the reports are narrowed to, when it is this customer's; else every one (the spec's default).
  const fromView = chosenCustomer === undefined && inView && properties.some((p) => p.id === inView) ? clickProperty(selectNone(options), options, inView) : null;
  const selection = chosenSelection ?? fromView ?? EMPTY_SELECTION;
  // While the account's properties load, none is selected yet (a partial list would load documents twice).
  const propertyIds = customerId && !propertiesLoading ? resolve(selection, options) : [];

  const notify: Notify = (severity, text) => setNotice({ severity, text });

  function handleCustomerChange(id: string | null) {
    setChosenCustomer(id);
    setChosenSelection(null);
    setNotice(null);
  }

  function handleUploaded() {
    setNotice(null);
    setTab('view');
  }

  // The spec's dropdown is for administrators; an account of several customers gets it too, to narrow to one of them.
  const showCustomerPicker = isAdmin || severalCustomers;
  const lead = accountEmail && severalCustomers ? { id: ACCOUNT, name: isAdmin ? t.allCustomersOf(accountEmail) : t.allMyCustomers } : null;

  const customersFailed =
    (isAdmin ? allCustomers.isError : false) || ownCustomers.isError || buildings.isError || accountBuildings.some((q) => q.isError) || assigned.isError;

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {showCustomerPicker && (
          <Box sx={{ flex: '0 0 40%', minWidth: 0 }}>
            <CustomerPicker
              customers={(isAdmin ? allCustomers.data : accountCustomers) ?? []}
              lead={lead}
              loading={isAdmin ? allCustomers.isPending : ownCustomers.isPending}
              value={customerId}
              onChange={handleCustomerChange}
              autoFocus
            />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PropertyPicker
            label={t.propertyLabel}
            options={options}
            selection={selection}
            loading={propertiesLoading}
            loadingText={t.loadingProperties}
            emptyText={t.noProperties}
            disabled={!customerId}
            autoFocus={!showCustomerPicker}
            onChange={(next) => {
              setChosenSelection(next);
              setNotice(null);
            }}
          />
        </Box>
      </Stack>
      {customersFailed && <Alert severity="error">{t.fetchFailed}</Alert>}
      <Tabs
        value={tab}
        onChange={(_e, next: TabName) => {
          setTab(next);
          setNotice(null);
        }}
        sx={{ minHeight: 40, flexShrink: 0, '& .MuiTab-root': { minHeight: 40, py: 1 } }}
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
        <DocumentList
          propertyIds={propertyIds}
          propertyNames={propertyNames}
          customerOf={customerOf}
          isAdmin={isAdmin}
          notify={notify}
        />
      ) : (
        <UploadPanel propertyIds={propertyIds} propertyNames={propertyNames} propertyCount={properties.length} onUploaded={handleUploaded} />
      )}
    </Stack>
  );
}
