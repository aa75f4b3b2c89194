import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { PropertyOption } from '../api/get-buildings';
import { documentsText as t } from '../strings';

const ALL = '\u0000all';

interface PropertyPickerProps {
  properties: PropertyOption[];
  loading: boolean;
  disabled: boolean;
  value: string[];
  onChange(propertyIds: string[]): void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The searchable multi-select of properties, with an 'All' option that selects or clears every one; every chosen one shown. */
export function PropertyPicker({ properties, loading, disabled, value, onChange, inputRef }: PropertyPickerProps) {
  const names = new Map(properties.map((p) => [p.id, p.name]));
  const allSelected = properties.length > 0 && properties.every((p) => value.includes(p.id));
  const options = properties.length ? [ALL, ...properties.map((p) => p.id)] : [];

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={value}
      disabled={disabled}
      loading={loading}
      loadingText={t.loadingProperties}
      noOptionsText={t.noProperties}
      getOptionLabel={(id) => (id === ALL ? t.all : (names.get(id) ?? id))}
      filterOptions={(opts, state) => {
        const q = state.inputValue.trim().toLowerCase();
        return q ? opts.filter((id) => id !== ALL && (names.get(id) ?? id).toLowerCase().includes(q)) : opts;
      }}
      onChange={(_e, next, _reason, details) => {
        if (details?.option === ALL) onChange(allSelected ? [] : properties.map((p) => p.id));
        else onChange(next.filter((id) => id !== ALL));
      }}
      renderOption={(props, id, { selected }) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Checkbox size="small" checked={id === ALL ? allSelected : selected} sx={{ mr: 1, p: 0.5 }} />
            {id === ALL ? t.all : (names.get(id) ?? id)}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t.propertyLabel} inputRef={inputRef} />}
      fullWidth
    />
  );
}
