import Box from '@mui/material/Box';
import { LOGO_URL } from '../../config/constants';
import { commonStrings } from '../../config/strings';

export function Logo({ productName, height = 48 }: { productName: string; height?: number }) {
  return <Box component="img" src={LOGO_URL} alt={commonStrings.logoAlt(productName)} sx={{ height, width: 'auto', display: 'block' }} />;
}
