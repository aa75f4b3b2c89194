import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { commonStrings } from '../../config/strings';

/** The footer of spec section 2: year, '{product} Reporting', brand line and 'All rights reserved'. */
export function SiteFooter({ productName }: { productName: string }) {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ py: 1.5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">
        © <span data-testid="footer-year">{year}</span> {commonStrings.footerReporting(productName)} · {commonStrings.footerBrand} ·{' '}
        {commonStrings.footerRights}
      </Typography>
    </Box>
  );
}
