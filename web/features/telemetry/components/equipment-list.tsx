import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { telemetryText } from '../strings';
import type { Equipment } from '../telemetry-rules';

interface EquipmentListProps {
  equipment: Equipment[];
  selected: string | null;
  viewAll: boolean;
  onSelect(equipmentId: string): void;
  onViewAll(): void;
}

/** The equipment of the building filter: name, type, building and device count; 'View All'. */
export function EquipmentList({ equipment, selected, viewAll, onSelect, onViewAll }: EquipmentListProps) {
  return (
    <Box component="section" aria-labelledby="telemetry-equipment" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 36 }}>
        <Typography id="telemetry-equipment" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {telemetryText.equipment}
        </Typography>
        <Button size="small" variant={viewAll ? 'contained' : 'outlined'} onClick={onViewAll} aria-pressed={viewAll}>
          {telemetryText.viewAll}
        </Button>
      </Box>
      <List dense disablePadding aria-labelledby="telemetry-equipment" sx={{ overflowY: 'auto', maxHeight: 'max(260px, calc(100vh - 560px))' }}>
        {equipment.map((e) => (
          <ListItem key={e.id} disablePadding>
            <ListItemButton selected={e.id === selected} aria-current={e.id === selected ? 'true' : undefined} onClick={() => onSelect(e.id)}>
            <ListItemText primary={e.name} secondary={`${e.type} · ${e.building}`} />
            <Chip size="small" variant="outlined" label={telemetryText.deviceCount(e.devices.length)} sx={{ ml: 1 }} />
          </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
