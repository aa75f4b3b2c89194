import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useUsers } from '../api/get-users';
import { buildCustomerOptions, filterCustomerOptions, optionLabel, type CustomerOption } from '../customer-options';
import { viewAsStrings as s } from '../strings';

export interface SelectUserViewProps {
  excludedDomains: readonly string[];
  value: string | null;
  onChange(email: string | null): void;
}

/** The searchable 'Select User View' dropdown: customer users as email plus customer name, with a clear button. */
export function SelectUserView({ excludedDomains, value, onChange }: SelectUserViewProps) {
  const users = useUsers(true);
  const options = useMemo(() => buildCustomerOptions(users.data ?? [], excludedDomains), [users.data, excludedDomains]);
  const selected = options.find((o) => o.email === value) ?? null;
  return (
    <Autocomplete<CustomerOption>
      size="small"
      // Narrower below 1440 px, so the header's controls and the user menu stay on one row at 1280.
      sx={{ width: 340, '@media (max-width: 1439.95px)': { width: 260 } }}
      options={options}
      value={selected}
      onChange={(_e, option) => onChange(option?.email ?? null)}
      filterOptions={(opts, state) => filterCustomerOptions(opts, state.inputValue)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.email === b.email}
      noOptionsText={s.noCustomerAvailable}
      loading={users.isLoading}
      loadingText={s.loading}
      clearText={s.clear}
      renderInput={(params) => <TextField {...params} label={s.selectUserView} />}
    />
  );
}
