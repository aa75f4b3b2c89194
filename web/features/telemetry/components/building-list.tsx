import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { telemetryText } from '../strings';

interface BuildingListProps {
  buildings: string[];
  selected: string | null;
  onSelect(building: string): void;
  onClear(): void;
}

/** The building filter; 'Clear Building Filter' once one is chosen. */
export function BuildingList({ buildings, selected, onSelect, onClear }: BuildingListProps) {
  return (
    <Box component="section" aria-labelledby="telemetry-buildings">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 36 }}>
        <Typography id="telemetry-buildings" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {telemetryText.buildings}
        </Typography>
        {selected !== null && (
          <Button size="small" onClick={onClear}>
            {telemetryText.clearBuildingFilter}
          </Button>
        )}
      </Box>
      <List dense disablePadding aria-labelledby="telemetry-buildings" sx={{ maxHeight: 240, overflowY: 'auto' }}>
        {buildings.map((b) => (
          <ListItem key={b} disablePadding>
            <ListItemButton selected={b === selected} aria-current={b === selected ? 'true' : undefined} onClick={() => onSelect(b)}>
            <ListItemText primary={b} />
          </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
