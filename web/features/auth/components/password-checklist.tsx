import Box from '@mui/material/Box';
import { minLengthFor, passwordChecks } from '../password-rules';
import { authStrings } from '../strings';

const c = authStrings.checklist;

/** The live 'Lowercase letter' / 'Uppercase letter' / 'Number' / '6 characters' checklist ('12 characters' for staff). */
export function PasswordChecklist({ password, staff = false }: { password: string; staff?: boolean }) {
  const checks = passwordChecks(password, staff);
  const items = [
    { key: 'lowercase', label: c.lowercase, ok: checks.lowercase },
    { key: 'uppercase', label: c.uppercase, ok: checks.uppercase },
    { key: 'number', label: c.number, ok: checks.number },
    { key: 'length', label: c.length(minLengthFor(staff)), ok: checks.length },
  ];
  return (
    <Box component="ul" aria-label={c.label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          data-valid={item.ok}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: item.ok ? 'success.dark' : 'error.dark', fontSize: 14 }}
        >
          <span aria-hidden="true">{item.ok ? '✓' : '✗'}</span>
          <span>{item.label}</span>
          <Box component="span" sx={visuallyHidden}>
            {item.ok ? c.met : c.notMet}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
