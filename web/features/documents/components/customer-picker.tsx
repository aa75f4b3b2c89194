import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { titleCase } from '../../../components/text/display-name';
import type { CustomerOption } from '../api/get-customers';
import { documentsText as t } from '../strings';

interface CustomerPickerProps {
  customers: CustomerOption[];
  loading: boolean;
  value: string | null;
  onChange(customerId: string | null): void;
}

/** The administrator's searchable customer dropdown. */
export function CustomerPicker({ customers, loading, value, onChange }: CustomerPickerProps) {
  const selected = customers.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete
      options={customers}
      value={selected}
      loading={loading}
      loadingText={t.loadingCustomers}
      noOptionsText={t.noCustomers}
      getOptionLabel={(c) => titleCase(c.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, customer) => onChange(customer?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={t.customerLabel} placeholder={t.customerPlaceholder} />}
      fullWidth
    />
  );
}
