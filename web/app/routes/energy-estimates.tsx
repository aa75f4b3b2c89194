import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { inputsFromSearch } from '../../features/telemetry/insight-links';
import { insightText as t } from '../../features/telemetry/insight-strings';
import { paths } from '../paths';

function Rows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <TableBody>
      {rows.map(([a, b]) => (
        <TableRow key={a}>
          <TableCell component="th" scope="row" sx={{ width: '32%', fontWeight: 500 }}>
            {a}
          </TableCell>
          <TableCell>{b}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}

/** A titled part of the page: its heading names it for assistive technology, and the table inside it (`aria-labelledby` the same id). */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </section>
  );
}

/** Beyond the spec (issue 44): how the energy and runtime estimates are made, and a unit's inputs (/energy-estimates?device=...). */
export default function EnergyEstimatesRoute() {
  const [params] = useSearchParams();
  const inputs = inputsFromSearch(params);
  useEffect(() => {
    document.title = t.pageTitle;
  }, []);
  const source = (key: string, from: string) => (inputs?.defaulted.has(key) ? t.isDefault : from);
  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Link component={RouterLink} to={paths.home}>
        {t.back}
      </Link>
      <Typography variant="h4" component="h1">
        {t.pageTitle}
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="inputs-title" sx={{ p: 2 }}>
        <Typography id="inputs-title" variant="h6" component="h2">
          {inputs ? t.inputsTitle(inputs.device) : t.inputsTitle('a unit')}
        </Typography>
        {inputs ? (
          <Table size="small" aria-labelledby="inputs-title">
            <TableHead>
              <TableRow>
                <TableCell>{t.input}</TableCell>
                <TableCell>{t.value}</TableCell>
                <TableCell>{t.source}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[
                [t.voltage, t.volts(inputs.voltage), source('voltage', t.fromImport)],
                [t.phase, String(inputs.phase), source('phase', t.fromImport)],
                [t.powerFactor, String(inputs.pf), source('powerFactor', t.fromImport)],
                [t.tariff, inputs.tariff === null ? t.missing : String(inputs.tariff), inputs.tariff === null ? t.notImported : t.fromProperty],
              ].map(([a, b, c]) => (
                <TableRow key={a}>
                  <TableCell component="th" scope="row">
                    {a}
                  </TableCell>
                  <TableCell>{b}</TableCell>
                  <TableCell>{c}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">{t.noInputs}</Typography>
        )}
      </Paper>
      <Part id="estimated-title" title={t.whatEstimated}>
        <Typography>{t.whatEstimatedText}</Typography>
      </Part>
      <Part id="formulas-title" title={t.formulas}>
        <Table size="small" aria-labelledby="formulas-title">
          <Rows rows={t.formulaRows} />
        </Table>
        <Typography sx={{ mt: 1 }}>{t.example}</Typography>
      </Part>
      <Part id="coverage-title" title={t.coverageTitle}>
        <Typography>{t.coverageText}</Typography>
      </Part>
      <Part id="defaults-title" title={t.defaults}>
        <Table size="small" aria-labelledby="defaults-title">
          <Rows rows={t.defaultRows} />
        </Table>
      </Part>
    </Box>
  );
}
