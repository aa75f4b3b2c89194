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
    // Keyboard focus that cannot be mistaken for the selected item (WCAG 2.4.7, 2.4.11): a 2 px ring
    // in the primary colour, inside the item (a list's items touch), on every list item, tab and icon button.
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: -2 } } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: -2 } } } },
    MuiIconButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: 2 } } } },
    MuiToggleButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: -2 } } } },
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
