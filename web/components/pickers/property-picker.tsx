import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import {
  clickAll,
  clickProperty,
  summary,
  groupsOf,
  isAll,
  isEverything,
  isNothing,
  isTicked,
  matches,
  selectAll,
  selectNone,
  type Group,
  type PickerOption,
  type Selection,
} from './property-selection';
import { SelectedChips } from '../ui/selected-chips';
import { pickerText as t } from './strings';

export interface PropertyPickerProps {
  /** The field's label ('Properties'). */
  label: string;
  options: PickerOption[];
  selection: Selection;
  onChange(next: Selection): void;
  /** A dropdown (Documents, Create User) or a list always open (Edit User, the user detail); the same rules either way. */
  presentation?: 'dropdown' | 'checklist';
  loading?: boolean;
  loadingText: string;
  /** Shown when there is nothing to choose from. */
  emptyText: string;
  disabled?: boolean;
  /** Create User's spec names 'Select None' beside 'Select All'. */
  withSelectNone?: boolean;
  /** The checklist's height. */
  height?: number;
  inputRef?: Ref<HTMLInputElement>;
  /** The dialog's first field: it takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

const ALL = 'all:';
const ONE = 'p:';
const keyOfAll = (g: string) => ALL + g;

/**
 * The one customer-and-property picker: the properties grouped by customer, an All row per customer,
 * a line that says what is chosen, and 'Choose properties…' / 'Select All' (/ 'Select None'). Its
 * rules, what each click does, are `property-selection.ts`'s, tested there once.
 */
export function PropertyPicker(props: PropertyPickerProps) {
  const { options, selection, onChange, disabled, withSelectNone } = props;
  const summaryId = useId();
  const groups = groupsOf(options);
  const everything = isEverything(selection, options);
  const nothing = isNothing(selection, options);
  const [focusRequest, setFocusRequest] = useState(0);

  const footer = options.length > 0 && (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography variant="body2" id={summaryId} aria-live="polite" data-testid="picker-summary" sx={{ mr: 'auto' }}>
        {summary(selection, options)}
      </Typography>
      {everything ? (
        <Button
          size="small"
          disabled={disabled}
          onClick={() => {
            onChange(selectNone(options));
            setFocusRequest((n) => n + 1);
          }}
        >
          {t.chooseProperties}
        </Button>
      ) : (
        <Button size="small" disabled={disabled} onClick={() => onChange(selectAll())}>
          {t.selectAll}
        </Button>
      )}
      {withSelectNone && (
        <Button size="small" disabled={disabled || nothing} onClick={() => onChange(selectNone(options))}>
          {t.selectNone}
        </Button>
      )}
    </Stack>
  );

  return (
    <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
      {props.presentation === 'checklist' ? (
        <Checklist {...props} groups={groups} summaryId={summaryId} focusRequest={focusRequest} />
      ) : (
        <Dropdown {...props} groups={groups} summaryId={summaryId} focusRequest={focusRequest} />
      )}
      {footer}
    </Stack>
  );
}

interface InnerProps extends PropertyPickerProps {
  groups: Group[];
  summaryId: string;
  focusRequest: number;
}

const allLabel = (g: Group, several: boolean) => (several ? t.allOf(g.name, g.options.length) : t.all);

/** Applies a click on a row (an All row or a property) by the picker's rules. */
function click(selection: Selection, options: readonly PickerOption[], key: string): Selection {
  return key.startsWith(ALL) ? clickAll(selection, key.slice(ALL.length)) : clickProperty(selection, options, key.slice(ONE.length));
}

function Dropdown({ label, options, selection, onChange, loading, loadingText, emptyText, disabled, inputRef, autoFocus, groups, summaryId, focusRequest }: InnerProps) {
  const several = groups.length > 1;
  const byKey = new Map<string, { text: string; chip: string; group: string }>();
  const keys: string[] = [];
  for (const g of groups) {
    byKey.set(keyOfAll(g.id), { text: allLabel(g, several), chip: several ? t.allChipOf(g.name, g.options.length) : t.allChip(g.options.length), group: g.name });
    keys.push(keyOfAll(g.id));
    for (const o of g.options) {
      byKey.set(ONE + o.id, { text: o.name, chip: o.name, group: g.name });
      keys.push(ONE + o.id);
    }
  }
  const value = groups.flatMap((g) => (isAll(selection, g.id) ? [keyOfAll(g.id)] : g.options.filter((o) => isTicked(selection, o)).map((o) => ONE + o.id)));
  const optionOf = new Map(options.map((o) => [ONE + o.id, o]));
  // The first field of its dialog takes the focus once it can (it is disabled while its customer loads).
  const ownRef = useRef<HTMLInputElement | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!autoFocus || disabled || focused.current) return;
    focused.current = true;
    ownRef.current?.focus();
    // Once more after the dialog's own opening has run (its focus trap may put the focus on itself
    // first), unless the user has moved it meanwhile.
    const later = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.getAttribute('role') === 'dialog' || active.classList.contains('MuiDialog-container')) ownRef.current?.focus();
    }, 150);
    return () => clearTimeout(later);
  }, [autoFocus, disabled]);
  const setRef = (el: HTMLInputElement | null) => {
    ownRef.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
  };

  return (
    <Autocomplete
      key={focusRequest > 0 ? `focus-${focusRequest}` : 'picker'}
      multiple
      disableCloseOnSelect
      disableClearable
      openOnFocus={focusRequest > 0}
      limitTags={4}
      options={keys}
      value={value}
      disabled={disabled}
      loading={loading}
      loadingText={loadingText}
      noOptionsText={emptyText}
      getOptionLabel={(key) => byKey.get(key)?.chip ?? key}
      groupBy={several ? (key) => byKey.get(key)?.group ?? '' : undefined}
      renderGroup={(params) => (
        <li key={params.key}>
          <ListSubheader component="div" sx={{ lineHeight: '32px', fontWeight: 600 }}>
            {params.group}
          </ListSubheader>
          <ul style={{ padding: 0 }}>{params.children}</ul>
        </li>
      )}
      filterOptions={(all, state) => (state.inputValue.trim() ? all.filter((key) => optionOf.has(key) && matches(state.inputValue, optionOf.get(key)!)) : all)}
      onChange={(_e, _next, _reason, details) => {
        if (details?.option) onChange(click(selection, options, details.option));
      }}
      renderOption={(optionProps, key, { selected }) => {
        const { key: reactKey, ...rest } = optionProps;
        const option = optionOf.get(key);
        return (
          <li key={reactKey} {...rest}>
            <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} tabIndex={-1} />
            <Box component="span" sx={{ fontWeight: option ? undefined : 600 }}>
              {byKey.get(key)?.text}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputRef={setRef}
          autoFocus={focusRequest > 0}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-describedby': summaryId } }}
        />
      )}
      size="small"
      fullWidth
    />
  );
}

function Checklist({ label, options, selection, onChange, loading, loadingText, emptyText, disabled, groups, summaryId, focusRequest, height = 220 }: InnerProps) {
  const [query, setQuery] = useState('');
  const several = groups.length > 1;
  const searching = query.trim() !== '';
  const row = (key: string, text: string, checked: boolean, secondary?: string, strong = false) => {
    const labelId = `${summaryId}-${key}`;
    return (
      <ListItem key={key} disablePadding>
        {/* A label around the checkbox: the checkbox is the tab stop, the whole row toggles it. */}
        <Box
          component="label"
          sx={{ display: 'flex', alignItems: 'center', width: '100%', px: 2, py: 0.25, cursor: disabled ? 'default' : 'pointer', '&:hover': disabled ? undefined : { bgcolor: 'action.hover' } }}
        >
          <Checkbox
            edge="start"
            size="small"
            checked={checked}
            disabled={disabled}
            onChange={() => onChange(click(selection, options, key))}
            slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': summaryId } }}
            sx={{ mr: 1 }}
          />
          <ListItemText id={labelId} primary={text} secondary={secondary} slotProps={{ primary: { sx: { fontWeight: strong ? 600 : undefined } } }} sx={{ color: disabled ? 'text.disabled' : undefined, my: 0.25 }} />
        </Box>
      </ListItem>
    );
  };
  const shown = groups
    .map((g) => ({ g, items: g.options.filter((o) => matches(query, o)) }))
    .filter(({ items }) => items.length > 0);
  const chips = groups.flatMap((g) =>
    isAll(selection, g.id)
      ? [{ key: keyOfAll(g.id), name: several ? t.allChipOf(g.name, g.options.length) : t.allChip(g.options.length) }]
      : g.options.filter((o) => isTicked(selection, o)).map((o) => ({ key: ONE + o.id, name: o.name })),
  );

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {label}
        </Typography>
        <TextField
          size="small"
          fullWidth
          label={t.search}
          type="search"
          value={query}
          disabled={disabled}
          autoFocus={focusRequest > 0}
          onChange={(e) => setQuery(e.target.value)}
        />
        <List dense aria-label={label} sx={{ height, overflow: 'auto', mt: 1 }}>
          {(loading || shown.length === 0) && (
            <ListItem>
              <ListItemText secondary={loading ? loadingText : emptyText} />
            </ListItem>
          )}
          {!loading &&
            shown.map(({ g, items }) => (
              <li key={g.id}>
                <ul style={{ padding: 0 }} aria-label={several ? g.name : undefined}>
                  {several && <ListSubheader sx={{ lineHeight: '28px', fontWeight: 600 }}>{g.name}</ListSubheader>}
                  {!searching && row(keyOfAll(g.id), allLabel(g, several), isAll(selection, g.id), undefined, true)}
                  {items.map((o) => row(ONE + o.id, o.name, isTicked(selection, o), o.detail))}
                </ul>
              </li>
            ))}
        </List>
      </Paper>
      <SelectedChips
        label={t.selected}
        items={chips.map((c) => ({ id: c.key, name: c.name }))}
        onRemove={(key) => onChange(click(selection, options, key))}
        disabled={disabled}
      />
    </Stack>
  );
}
