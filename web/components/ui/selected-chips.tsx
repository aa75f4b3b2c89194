import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';

interface SelectedChipsProps {
  label: string;
  items: { id: string; name: string }[];
  onRemove(id: string): void;
  disabled?: boolean;
}

/** Each chip's remove button is named for screen readers: 'Remove <name>'. */
const removeLabel = (name: string) => `Remove ${name}`;

/** The chosen items as chips, each with a remove button (the picker's and the customer checklist's). */
export function SelectedChips({ label, items, onRemove, disabled }: SelectedChipsProps) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" aria-label={label} role="list" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((item) => (
        <Chip
          key={item.id}
          role="listitem"
          size="small"
          label={item.name}
          disabled={disabled}
          onDelete={() => onRemove(item.id)}
          deleteIcon={
            <SvgIcon role="button" aria-label={removeLabel(item.name)} aria-hidden={false}>
              <path d="M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z" />
            </SvgIcon>
          }
        />
      ))}
    </Stack>
  );
}
