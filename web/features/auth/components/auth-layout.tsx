import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { SiteFooter } from '../../../components/ui/site-footer';

/** The frame of the sign-in screens: logo, a heading, the form card and the footer. */
export function AuthLayout({ productName, heading, children }: { productName: string; heading: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3 }}>
        <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Logo productName={productName} height={56} />
          </Box>
          <Typography component="h1" variant="h5" sx={{ textAlign: 'center', mb: 2, fontWeight: 600 }}>
            {heading}
          </Typography>
          {children}
        </Paper>
      </Box>
      <SiteFooter productName={productName} />
    </Box>
  );
}
