import { describe, expect, test } from '@jest/globals';
import { portalTheme } from './theme';

describe('the theme', () => {
  test('with reduced motion asked for: no transition takes time, no ripple, no pulsing placeholder', () => {
    const t = portalTheme(true);
    expect(Object.values(t.transitions.duration).every((d) => d === 0)).toBe(true);
    expect(t.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(t.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(t.components?.MuiButtonBase?.defaultProps).toMatchObject({ disableRipple: true, disableTouchRipple: true });
    expect(t.components?.MuiSkeleton?.defaultProps).toMatchObject({ animation: false });
    // The look itself is the same.
    expect(t.palette.primary.main).toBe('#0b4f8a');
    expect(t.components?.MuiButton?.styleOverrides?.root).toMatchObject({ textTransform: 'none' });
  });

  test('without it: MUI’s own motion, and the same focus rings', () => {
    const t = portalTheme(false);
    expect(t.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(t.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(t.components?.MuiButtonBase).toBeUndefined();
    expect(t.components?.MuiIconButton?.styleOverrides?.root).toEqual({ '&.Mui-focusVisible': { outline: '2px solid #0b4f8a', outlineOffset: 2 } });
  });
});
