import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { PropertyOption } from '../api/get-buildings';
import { documentsText as t } from '../strings';

const ALL = '\u0000all';

interface PropertyPickerProps {
  properties: PropertyOption[];
  /** Property id -> its customer's name: the options are grouped under their customers when there are several. */
  customerOf?: ReadonlyMap<string, string>;
  loading: boolean;
  disabled: boolean;
  value: string[];
  onChange(propertyIds: string[]): void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The searchable multi-select of properties, with an 'All' option that selects or clears every one; every chosen one shown. */
export function PropertyPicker({ properties, customerOf, loading, disabled, value, onChange, inputRef }: PropertyPickerProps) {
  const names = new Map(properties.map((p) => [p.id, p.name]));
  const allSelected = properties.length > 0 && properties.every((p) => value.includes(p.id));
  const options = properties.length ? [ALL, ...properties.map((p) => p.id)] : [];
  const grouped = !!customerOf && new Set(properties.map((p) => customerOf.get(p.id))).size > 1;

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
      groupBy={grouped ? (id) => (id === ALL ? '' : (customerOf.get(id) ?? '')) : undefined}
      renderGroup={(params) => (
        <li key={params.key}>
          {params.group && (
            <ListSubheader component="div" sx={{ lineHeight: '32px', fontWeight: 600 }}>
              {params.group}
            </ListSubheader>
          )}
          <ul style={{ padding: 0 }}>{params.children}</ul>
        </li>
      )}
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
      size="small"
      fullWidth
    />
  );
}
