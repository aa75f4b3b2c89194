import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { WorkOrderLineView } from '../../../../lambdas/shared/contract/answers/work-orders';
import { workOrderText as t } from '../strings';
import { money, quantityText } from '../work-order-text';
import { Quiet, Section } from './section';

/** Parts and labour lines with their total (a work order's, or those of the work order an invoice bills); `empty` says why there are none. */
export function LinesSection({ lines, total, empty, testId }: { lines: readonly WorkOrderLineView[]; total: number; empty: string; testId: string }) {
  if (lines.length === 0)
    return (
      <Section title={t.lines} testId={testId}>
        <Quiet>{empty}</Quiet>
      </Section>
    );
  const c = t.lineColumns;
  return (
    <Section title={t.lines} testId={testId}>
      {/* Scrolls sideways in a narrow window: focusable, so a keyboard can scroll it too. */}
      <Box tabIndex={0} role="group" aria-label={t.lines} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t.lines}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{c.kind}</TableCell>
              <TableCell scope="col">{c.description}</TableCell>
              <TableCell scope="col" align="right">
                {c.quantity}
              </TableCell>
              <TableCell scope="col" align="right">
                {c.unitPrice}
              </TableCell>
              <TableCell scope="col" align="right">
                {c.total}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => (
              <TableRow key={i}>
                <TableCell>{t.lineKind[l.kind]}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell align="right">{quantityText(l.quantity)}</TableCell>
                <TableCell align="right">{money(l.unitPrice)}</TableCell>
                <TableCell align="right">{money(l.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={4} sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}>
                {t.linesTotal}
              </TableCell>
              <TableCell align="right" data-testid="lines-total" sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}>
                {money(total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </Section>
  );
}
