import { createTheme } from '@mui/material/styles';

/** The portal's look: a calm blue for actions, high enough contrast for WCAG AA on white. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f8a' },
    secondary: { main: '#b3261e' },
    background: { default: '#f3f5f8' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: {
      styleOverrides: {
        root: {
          textTransform: 'none',
          // A clear keyboard focus ring (the ripple alone was faint): 2 px in the primary colour, offset.
          '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: 2 },
        },
      },
    },
  },
});
