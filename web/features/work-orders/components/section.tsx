import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled panel of the work order and equipment history screens (its heading names the region). */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid={testId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: 18, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A quiet line: an empty state, a secondary fact. */
export const Quiet = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);

/** Facts as a definition list, names beside values; `columns` pairs side by side from the md width up. */
export function Facts({ rows, columns = 1, testId }: { rows: readonly (readonly [string, string])[]; columns?: 1 | 2; testId?: string }) {
  const pairs = 'max-content 1fr';
  return (
    <Box component="dl" data-testid={testId} sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: pairs, md: columns === 2 ? `${pairs} ${pairs}` : pairs }, columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {k}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {v}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
