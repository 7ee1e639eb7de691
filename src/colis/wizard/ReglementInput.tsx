/**
 * The advance payment field of INFO COLIS (spec 000 §5 "Settled amount (reglement)"): a number clamped at once to
 * [0, total] — above the total it becomes the total with the hint 'montant réglé ne doit pas etre superieur au montant
 * total'; below 0 it becomes 0. A controlled input so the clamped value shows while typing. In the departure's
 * currency: its symbol after the amount, its minor unit as the step and the precision of the comparison.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { pasDevise, toMinor } from '../../../common/devises';
import type { DecimalInput } from '../../../common/money';
import { clampReglement, symboleDevise } from '../model/wizardRules';

/** Same amount in the currency's minor unit (false for unreadable values). */
function sameMinor(a: DecimalInput, b: DecimalInput, devise: string): boolean {
  try {
    return toMinor(a, devise) === toMinor(b, devise);
  } catch {
    return false;
  }
}

/** Takes the parcel total and its currency (the departure's); edits the form's reglement. */
export const ReglementInput = ({ total, devise }: { total: number; devise: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source: 'reglement' });
  const [clampedTo, setClampedTo] = useState<number | null>(null);

  // A total that drops below the settled amount (weights or amounts changed) clamps it too: the effect runs when the
  // total changes, and reads the field's current value through an effect event (typing is clamped by onChange below).
  const clampToTotal = useEffectEvent((newTotal: number) => {
    const { value, clamped } = clampReglement(field.value, newTotal, devise);
    if (clamped) {
      field.onChange(value);
      if (clamped === 'over') setClampedTo(Number(value));
    }
  });
  useEffect(() => {
    clampToTotal(total);
  }, [total]);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    if (raw === '') {
      field.onChange('');
      setClampedTo(null);
      return;
    }
    const { value, clamped } = clampReglement(raw, total, devise);
    field.onChange(clamped ? value : Number(raw));
    setClampedTo(clamped === 'over' ? Number(value) : null);
  };

  const showHint = clampedTo !== null && sameMinor(field.value, clampedTo, devise);
  return (
    <TextField
      type="number"
      label={translate('resources.colis.info.reglement')}
      name={field.name}
      value={field.value ?? ''}
      onChange={onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={showHint}
      helperText={showHint ? translate('resources.colis.info.reglement_too_high') : ' '}
      fullWidth
      variant="filled"
      size="small"
      slotProps={{
        htmlInput: { min: 0, step: pasDevise(devise) },
        input: { endAdornment: <InputAdornment position="end">{symboleDevise(devise)}</InputAdornment> },
      }}
    />
  );
};
