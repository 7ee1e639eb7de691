/**
 * The advance payment field of INFO COLIS (spec 000 §5 "Settled amount (reglement)"): an amount typed the French way
 * (src/kit/MontantInput.tsx) clamped at once to [0, total] — above the total it becomes the total with the hint
 * 'montant réglé ne doit pas etre superieur au montant total'; below 0 it becomes 0 — and the clamped value shows while
 * typing. In the departure's currency: its symbol after the amount, its minor unit the precision of the comparison.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { InputAdornment } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { toMinor } from '../../../common/devises';
import type { DecimalInput } from '../../../common/money';
import { MontantInput } from '../../kit/MontantInput';
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
  // total changes, and reads the field's current value through an effect event (typing is clamped by `adjust` below).
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

  /** Each number typed, clamped to [0, total]; the hint remembers a clamp over the total. */
  const adjust = (typed: number): number => {
    const { value, clamped } = clampReglement(typed, total, devise);
    setClampedTo(clamped === 'over' ? Number(value) : null);
    return clamped ? Number(value) : typed;
  };

  const showHint = clampedTo !== null && sameMinor(field.value, clampedTo, devise);
  return (
    <MontantInput
      source="reglement"
      label="resources.colis.info.reglement"
      devise={devise}
      adjust={adjust}
      error={showHint}
      helperText={showHint ? translate('resources.colis.info.reglement_too_high') : ' '}
      fullWidth
      variant="filled"
      slotProps={{ input: { endAdornment: <InputAdornment position="end">{symboleDevise(devise)}</InputAdornment> } }}
    />
  );
};
