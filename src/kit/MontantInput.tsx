/**
 * The one input of an amount or a weight a person types (docs/decisions/money-input.md): a react-admin input (useInput)
 * over a text field, never `type="number"`, so that '150,50' is 150,50 in every browser whatever its number locale.
 *
 * - While typing, the field shows exactly the text typed ('150,' stays) and the form holds the number read by the one
 *   French parse (common/money.ts parseDecimalFr: '150,50' → 150.5, '1 250,5' → 1250.5, '1 250,50 €' in a euro field
 *   → 1250.5); a text that is not a number stays in the form as typed, for the form's schema to refuse with its
 *   French message; nothing typed is null.
 * - On focus the whole text is selected, so that what is typed replaces it (a default '0,00' never becomes '0,00150').
 * - On blur, and when the value changes from outside (a record loaded, a value set by the form), the field shows the
 *   number the French way (common/format.ts formatSaisie: '1 250,50', '6 560'), never rounded.
 *
 * `MontantInput` takes the amount's currency (its units after the number, its decimals shown); `PoidsInput` a weight
 * (kg or m³ after the number). Other props are TextField's and react-admin's (source, label, isRequired, helperText,
 * slotProps for an adornment…).
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { FieldTitle, InputHelperText, sanitizeInputRestProps, useInput, type InputProps } from 'react-admin';
import { decimalesOf, deviseOuEuro } from '../../common/devises';
import { formatSaisie, unitesDevise, UNITES_POIDS } from '../../common/format';
import { parseDecimalFr } from '../../common/money';

/** Props shared by MontantInput and PoidsInput: react-admin's input props and TextField's, without what they fix. */
type DecimalFrInputBaseProps = Omit<InputProps, 'format' | 'parse'> &
  Omit<TextFieldProps, 'label' | 'helperText' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'value' | 'name'> & {
    /**
     * Called with each number read, before the form holds it; gives the number to hold instead (the wizard's advance
     * clamped to the total): the field then shows that number at once, even while typing.
     */
    adjust?: (value: number) => number;
  };

/** What the form holds for a typed text: the number read, the text when it is none, null when nothing is typed. */
function valueOf(text: string, unites: readonly string[]): number | string | null {
  if (text.trim() === '') return null;
  const parsed = parseDecimalFr(text, unites);
  return parsed === null ? text : Number(parsed);
}

/**
 * The text shown for a value the form holds: a number (or numeric text: a record's '800.000') the French way with the
 * decimals it has ('800'), anything else as it is.
 */
function textOf(value: unknown, decimales: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? formatSaisie(value, decimales) : '';
  const text = String(value);
  const parsed = parseDecimalFr(text);
  return parsed === null ? text : formatSaisie(Number(parsed), decimales);
}

/** The shared input: `unites` taken after the number, `decimales` shown at least. */
const DecimalFrInput = ({
  unites,
  decimales,
  adjust,
  label,
  helperText,
  source,
  resource,
  defaultValue = null,
  validate,
  onBlur,
  onChange,
  disabled,
  readOnly,
  slotProps,
  error: errorProp,
  ...rest
}: DecimalFrInputBaseProps & { unites: readonly string[]; decimales: number }) => {
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source, resource, defaultValue, validate, onBlur, onChange, disabled, readOnly, ...rest });
  const [text, setText] = useState(() => textOf(field.value, decimales));
  const focused = useRef(false);
  const selectKept = useRef(false);

  // A value set from outside (a record loaded, the form's setValue) shows the French way; the one typed keeps its text,
  // given the currency's decimals once the currency is known (a price loaded before its country: '9' → '9,00').
  useEffect(() => {
    if (focused.current) return;
    setText((shown) => {
      if (!Object.is(valueOf(shown, unites), field.value)) return textOf(field.value, decimales);
      const typed = parseDecimalFr(shown, unites);
      return typed === null ? shown : formatSaisie(typed, decimales);
    });
  }, [field.value, decimales, unites]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const value = valueOf(typed, unites);
    if (typeof value === 'number' && adjust) {
      const adjusted = adjust(value);
      if (adjusted !== value) {
        setText(textOf(adjusted, decimales));
        field.onChange(adjusted);
        return;
      }
    }
    setText(typed);
    field.onChange(value);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    focused.current = false;
    field.onBlur(event);
    if (typeof field.value !== 'number') return;
    // The text typed, regrouped and with its own decimals ('150,50' stays 150,50), when it is the number held.
    const typed = parseDecimalFr(text, unites);
    setText(typed !== null && Number(typed) === field.value ? formatSaisie(typed, decimales) : textOf(field.value, decimales));
  };

  const { ref, name } = field;
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      id={id}
      name={name}
      inputRef={ref}
      value={text}
      onChange={handleChange}
      onFocus={(event) => {
        focused.current = true;
        // The whole amount selected, so that typing replaces it: '0,00' then '150' must not read 0,00150.
        event.target.select();
        selectKept.current = true;
      }}
      onMouseUp={(event) => {
        // The click that focused the field would put the caret back where it landed: keep the selection.
        if (selectKept.current) event.preventDefault();
        selectKept.current = false;
      }}
      onBlur={handleBlur}
      className={`ra-input ra-input-${source}`}
      type="text"
      size="small"
      error={invalid || !!errorProp}
      disabled={disabled || readOnly}
      helperText={helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null}
      label={
        label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null
      }
      {...sanitizeInputRestProps(rest)}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', readOnly, ...htmlInput },
      }}
    />
  );
};

/** Props of MontantInput: the shared props and the amount's currency. */
export type MontantInputProps = DecimalFrInputBaseProps & {
  /**
   * The amount's currency (ISO 4217): its symbol and code are taken after the number, its decimals shown on blur.
   * Missing (the operation's currency left to the server): a bare number only, shown with the decimals typed.
   */
  devise?: string | null;
};

/** An amount in a currency, typed the French way (docs/decisions/money-input.md). */
export const MontantInput = ({ devise, ...props }: MontantInputProps) => {
  const known = !!devise && deviseOuEuro(devise) === devise;
  const unites = useMemo(() => (known ? unitesDevise(devise) : []), [known, devise]);
  return <DecimalFrInput {...props} unites={unites} decimales={known ? decimalesOf(devise) : 0} />;
};

/** A weight in kg (or m³), typed the French way ('2,5', '2,5 kg'; docs/decisions/money-input.md). */
export const PoidsInput = (props: DecimalFrInputBaseProps) => <DecimalFrInput {...props} unites={UNITES_POIDS} decimales={0} />;
