import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { titleCase } from '../../../components/text/display-name';
import type { CustomerOption } from '../api/get-customers';
import { documentsText as t } from '../strings';

interface CustomerPickerProps {
  customers: CustomerOption[];
  /** An entry above the customers, shown as written (every customer of the account at once). */
  lead?: CustomerOption | null;
  loading: boolean;
  value: string | null;
  onChange(customerId: string | null): void;
  /** The dialog's first field: it takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

/** The searchable customer dropdown (administrators; and an account of several customers, to narrow to one). */
export function CustomerPicker({ customers, lead = null, loading, value, onChange, autoFocus }: CustomerPickerProps) {
  const options = lead ? [lead, ...customers] : customers;
  const selected = options.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      loadingText={t.loadingCustomers}
      noOptionsText={t.noCustomers}
      getOptionLabel={(c) => (c === lead ? c.name : titleCase(c.name))}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, customer) => onChange(customer?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={t.customerLabel} placeholder={t.customerPlaceholder} autoFocus={autoFocus} />}
      size="small"
      fullWidth
    />
  );
}
