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
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
