import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { dollars, type QuoteLineView, type QuoteView } from '../../../../lambdas/shared/contract/answers/quotes';
import { quotesText as t } from '../strings';

const quantityText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });
const lineDetail = (l: QuoteLineView) => t.lineQuantity(quantityText(l.quantity), dollars(l.unitPrice));
const sum = (lines: readonly QuoteLineView[]) => Math.round(lines.reduce((n, l) => n + l.total, 0) * 100) / 100;

interface Choice {
  value: string;
  label: string;
  /** The line(s) behind the choice, written out under its label. */
  detail: string;
  amount: number;
}

/**
 * The one picker of a quote's choices (issue 43): a fieldset whose legend says what to do, each
 * choice a labelled control (its name, what it holds and its amount), radios for the options (one
 * chosen), checkboxes for the optional lines (any ticked).
 */
function ChoiceGroup({ legend, type, choices, checked, onToggle, disabled }: { legend: string; type: 'radio' | 'checkbox'; choices: Choice[]; checked: (value: string) => boolean; onToggle: (value: string) => void; disabled: boolean }) {
  const name = useId();
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, mb: 1.5, px: 1.5, pb: 0.5 }}>
      <Typography component="legend" variant="body2" sx={{ px: 0.5, color: 'text.secondary' }}>
        {legend}
      </Typography>
      {choices.map((c) => {
        const control =
          type === 'radio' ? (
            <Radio name={name} value={c.value} checked={checked(c.value)} onChange={() => onToggle(c.value)} disabled={disabled} size="small" />
          ) : (
            <Checkbox checked={checked(c.value)} onChange={() => onToggle(c.value)} disabled={disabled} size="small" />
          );
        return (
          <FormControlLabel
            key={c.value}
            control={control}
            sx={{ display: 'flex', alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { flex: 1, pt: 1 } }}
            label={
              <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
                <span>
                  <strong>{c.label}</strong>
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                    {c.detail}
                  </Typography>
                </span>
                <span>{dollars(c.amount)}</span>
              </Box>
            }
          />
        );
      })}
    </Box>
  );
}

export interface LineChoicesProps {
  quote: Pick<QuoteView, 'lines' | 'options'>;
  option: string | null;
  onOption: (option: string) => void;
  ticked: readonly string[];
  onTicked: (ticked: string[]) => void;
  /** The total of the choice (said again under the choices, where they are made, and announced as it changes). */
  total: number;
  /** Shown, not chosen: a quote that cannot be decided here (decided, expired, an administrator's view). */
  disabled: boolean;
}

/** A quote's lines (issue 43): those always in, then its options and its optional lines to choose. */
export function LineChoices({ quote, option, onOption, ticked, onTicked, total, disabled }: LineChoicesProps) {
  const headingId = useId();
  const always = quote.lines.filter((l) => !l.optional && !l.option);
  const optional = quote.lines.filter((l) => l.optional);
  const options: Choice[] = quote.options.map((o) => {
    const of = quote.lines.filter((l) => l.option === o);
    return { value: o, label: o, detail: of.map((l) => `${l.description} (${lineDetail(l)})`).join('; '), amount: sum(of) };
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1" id={headingId} sx={{ mb: 0.5 }}>
        {t.lines}
      </Typography>
      {always.length > 0 && (
        <Box component="table" aria-label={t.linesIncluded} sx={{ width: '100%', borderCollapse: 'collapse', mb: 1.5, '& td': { py: 0.25, verticalAlign: 'top' }, '& td:last-of-type': { textAlign: 'right', whiteSpace: 'nowrap', pl: 2 } }}>
          <tbody>
            {always.map((l) => (
              <tr key={l.id} data-line={l.id}>
                <td>
                  {l.description}
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                    {lineDetail(l)}
                  </Typography>
                </td>
                <td>{dollars(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {options.length > 0 && <ChoiceGroup legend={t.optionsLegend} type="radio" choices={options} checked={(v) => v === option} onToggle={onOption} disabled={disabled} />}
      {optional.length > 0 && (
        <ChoiceGroup
          legend={t.optionalLegend}
          type="checkbox"
          choices={optional.map((l) => ({ value: l.id, label: l.description, detail: lineDetail(l), amount: l.total }))}
          checked={(v) => ticked.includes(v)}
          onToggle={(v) => onTicked(ticked.includes(v) ? ticked.filter((x) => x !== v) : [...ticked, v])}
          disabled={disabled}
        />
      )}
      <Typography aria-live="polite" sx={{ textAlign: 'right', fontWeight: 600 }}>
        {t.choiceTotal(dollars(total))}
      </Typography>
    </Box>
  );
}
