import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { createFilterOptions } from '@mui/material/Autocomplete';
import { titleCase } from '../../../components/text/display-name';
import { propertyFilterStrings as s } from '../strings';

export interface PropertyOption {
  id: string;
  name: string;
  /** The property's customer, when the properties are of more than one: the choices are grouped under it. */
  group?: string;
}

export interface PropertyFilterProps {
  /** The viewed user's properties (ids and names in the same order). */
  properties: PropertyOption[];
  /** The chosen property's id, or null for all of them. */
  value: string | null;
  onChange(id: string | null): void;
}

const byNameOrCustomer = createFilterOptions<PropertyOption>({ stringify: (p) => `${titleCase(p.name)} ${p.group ?? ''}` });

/**
 * Beyond the spec: a searchable 'Property' choice above a report, for a user with more than one
 * property. Clearing it shows all of them again. The report's frames are requested for the chosen
 * property only (POST /api/sigma/filtered narrows to the `properties` it is sent), so the built-in
 * pages and Sigma workbooks both show that property's data. Properties of several customers are
 * listed under their customers' names.
 */
export function PropertyFilter({ properties, value, onChange }: PropertyFilterProps) {
  const selected = properties.find((p) => p.id === value) ?? null;
  // Properties of several customers: each under its customer's name, and typing a customer's name finds its properties (issue 39).
  const grouped = new Set(properties.map((p) => p.group ?? '')).size > 1;
  return (
    <Autocomplete<PropertyOption>
      size="small"
      sx={{ width: 320 }}
      options={properties}
      value={selected}
      onChange={(_e, option) => onChange(option?.id ?? null)}
      getOptionLabel={(p) => titleCase(p.name) || p.id}
      groupBy={grouped ? (p) => p.group ?? '' : undefined}
      filterOptions={grouped ? byNameOrCustomer : undefined}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={s.noMatch}
      clearText={s.clear}
      renderInput={(params) => <TextField {...params} label={s.label} placeholder={s.all} />}
    />
  );
}
