import { createTheme, type ThemeOptions } from '@mui/material/styles';

const focusRing = (offset: number) => ({ '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: offset } });

/**
 * Motion for a user who asked their system for less (prefers-reduced-motion, WCAG 2.3.3): dialogs,
 * menus and panels appear at once instead of fading, growing or sliding, no ripple spreads from a
 * click, and placeholders do not pulse. A spinner still turns: it says something is happening.
 */
const reducedMotion: ThemeOptions = {
  transitions: {
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
    create: () => 'none',
    getAutoHeightDuration: () => 0,
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true, disableTouchRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
};

/** The portal's look: a calm blue for actions, high enough contrast for WCAG AA on white. */
export function portalTheme(reduceMotion: boolean) {
  return createTheme(
    {
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
        MuiListItemButton: { styleOverrides: { root: focusRing(-2) } },
        MuiTab: { styleOverrides: { root: focusRing(-2) } },
        MuiIconButton: { styleOverrides: { root: focusRing(2) } },
        MuiToggleButton: { styleOverrides: { root: focusRing(-2) } },
        // A clear keyboard focus ring (the ripple alone was faint, and is gone with reduced motion): 2 px in the primary colour, offset.
        MuiButton: { styleOverrides: { root: { textTransform: 'none', ...focusRing(2) } } },
      },
    },
    ...(reduceMotion ? [reducedMotion] : []),
  );
}

/** Whether the user's system asks for reduced motion (read once, at start). */
export const prefersReducedMotion = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const theme = portalTheme(prefersReducedMotion());
