import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { choiceOf, customRangeProblem, presetPeriod, PRESETS, type Period, type PeriodChoice, type Preset } from '../period';
import { periodStrings as s } from '../strings';

export interface PeriodFilterProps {
  /** The period in the address, or null (All time: the reports as they always were). */
  value: Period | null;
  onChange(period: Period | null): void;
  /** Today, for the presets (tests fix it). */
  now?: Date;
  /** The presets offered (the reports': PRESETS); a screen with a shorter limit offers fewer. */
  presets?: readonly Preset[];
  /** The longest custom range in days (the reports': the period rules' 10 years). */
  maxDays?: number;
}

/**
 * Beyond the spec (issue 21): a 'Period' choice beside the Property filter. A preset resolves to its
 * dates when chosen; a custom range is applied with its two dates. The report's frames are asked for
 * with the period (POST /api/sigma/filtered `from` and `to`).
 */
export function PeriodFilter({ value, onChange, now = new Date(), presets = PRESETS, maxDays }: PeriodFilterProps) {
  const current = choiceOf(value, now, presets);
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState(value?.from ?? '');
  const [to, setTo] = useState(value?.to ?? '');
  const [tried, setTried] = useState(false);
  const showCustom = editing || current === 'custom';
  const problem = customRangeProblem(from, to, maxDays);

  const choose = (choice: PeriodChoice) => {
    if (choice === 'custom') {
      setFrom(value?.from ?? '');
      setTo(value?.to ?? '');
      setTried(false);
      setEditing(true);
      return;
    }
    setEditing(false);
    onChange(presetPeriod(choice, now));
  };
  const apply = () => {
    setTried(true);
    if (problem) return;
    setEditing(false);
    onChange({ from, to });
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), apply())} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }} data-testid="period-filter">
      <TextField
        select
        size="small"
        label={s.label}
        value={showCustom ? 'custom' : current}
        onChange={(e) => choose(e.target.value as PeriodChoice)}
        sx={{ width: 200 }}
      >
        {presets.map((p) => (
          <MenuItem key={p} value={p}>
            {s.presets[p]}
          </MenuItem>
        ))}
        <MenuItem value="custom">{s.custom}</MenuItem>
      </TextField>
      {showCustom && (
        <>
          <TextField
            size="small"
            type="date"
            label={s.from}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={tried && problem === 'missing' && !from}
            sx={{ width: 170 }}
          />
          <TextField
            size="small"
            type="date"
            label={s.to}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={tried && problem !== null && (problem !== 'missing' || !to)}
            helperText={tried && problem ? (problem === 'too-long' && maxDays !== undefined ? s.tooLongDays(maxDays) : s.problems[problem]) : undefined}
            sx={{ width: 170 }}
          />
          <Button type="submit" variant="outlined" sx={{ height: 40 }}>
            {s.apply}
          </Button>
        </>
      )}
    </Box>
  );
}
