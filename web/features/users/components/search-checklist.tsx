import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { matchesSearch } from '../staff';

export interface ChecklistItem {
  id: string;
  primary: string;
  secondary?: string;
}

interface SearchChecklistProps {
  label: string;
  searchLabel: string;
  items: ChecklistItem[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  emptyText: string;
  disabled?: boolean;
  height?: number;
}

/** A search box over a list of checkboxes; the search narrows the list, never the selection. */
export function SearchChecklist({ label, searchLabel, items, selected, onToggle, emptyText, disabled, height = 220 }: SearchChecklistProps) {
  const [query, setQuery] = useState('');
  const shown = items.filter((item) => matchesSearch(query, item.primary, item.secondary));
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <TextField
        size="small"
        fullWidth
        label={searchLabel}
        type="search"
        value={query}
        disabled={disabled}
        onChange={(e) => setQuery(e.target.value)}
      />
      <List dense aria-label={label} sx={{ height, overflow: 'auto', mt: 1 }}>
        {shown.length === 0 && (
          <ListItem>
            <ListItemText secondary={emptyText} />
          </ListItem>
        )}
        {shown.map((item) => {
          const labelId = `check-${label}-${item.id}`.replace(/\s+/g, '-');
          return (
            <ListItem key={item.id} disablePadding>
              {/* A label around the checkbox, not a button around it (a control inside a control): the checkbox is the tab stop, the whole row toggles it. */}
              <Box
                component="label"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  width: '100%',
                  px: 2,
                  py: 0.25,
                  cursor: disabled ? 'default' : 'pointer',
                  '&:hover': disabled ? undefined : { bgcolor: 'action.hover' },
                }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    size="small"
                    checked={selected.has(item.id)}
                    disabled={disabled}
                    onChange={() => onToggle(item.id)}
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                  />
                </ListItemIcon>
                <ListItemText id={labelId} primary={item.primary} secondary={item.secondary} sx={{ color: disabled ? 'text.disabled' : undefined }} />
              </Box>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
