import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MIN_WINDOW_WIDTH } from '../../config/constants';
import { commonStrings } from '../../config/strings';
import { useWindowWidth } from '../../lib/use-window-width';

/**
 * Under the minimum width the message replaces every screen. The screen stays mounted (hidden),
 * so widening the window restores it exactly as it was, typed input included.
 */
export function NarrowWindowGuard({ children }: { children: ReactNode }) {
  const narrow = useWindowWidth() < MIN_WINDOW_WIDTH;
  return (
    <>
      {/* Dialogs, menus and tooltips live outside the root; they give way to the message too. */}
      {narrow && <GlobalStyles styles={{ 'body > *:not(#root)': { display: 'none !important' } }} />}
      {narrow && (
        <Box role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
          <Typography component="p" variant="h6" sx={{ textAlign: 'center' }}>
            {commonStrings.tooNarrow}
          </Typography>
        </Box>
      )}
      <Box hidden={narrow} sx={narrow ? { display: 'none' } : undefined}>
        {children}
      </Box>
    </>
  );
}
