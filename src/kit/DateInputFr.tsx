/**
 * The one date input of the back-office (spec 000 §1 and §9 "Dates dd/MM/yyyy"; docs/decisions/date-input-fr.md): a
 * MUI X DatePicker in French (date-fns `fr`), which shows and types dd/MM/yyyy whatever the browser's language,
 * while the value it keeps is the calendar date 'yyyy-MM-dd' the forms sent with the native date input before.
 *
 * - `DateFieldFr`: the controlled picker (value and onChange as 'yyyy-MM-dd'), for a page outside a form (the caisse day).
 * - `DateInputFr`: the react-admin input (useInput) of forms and list filters; the form's schema (common/schemas) still
 *   checks the value.
 */
import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { frFR } from '@mui/x-date-pickers/locales';
import { format, isValid, parse } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { FieldTitle, InputHelperText, useInput, useResourceContext, type Validator } from 'react-admin';

/** The pattern shown and typed (spec 000 §9). */
const DISPLAY_FORMAT = 'dd/MM/yyyy';

/**
 * What a form field holds while the typed date is incomplete or not a real day: not 'yyyy-MM-dd', so the form's schema
 * refuses it with its 'date invalide' message instead of sending the last valid date.
 */
export const INVALID_DATE_VALUE = 'date-invalide';

/** French texts of the picker (placeholders JJ/MM/AAAA, buttons, calendar labels). */
const FR_TEXTS = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The local calendar day of a value: 'yyyy-MM-dd', a longer ISO text (its first 10 characters) or a Date; null when
 * empty or unreadable.
 */
function isoToDate(value: unknown): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value !== 'string' || value.length < 10) return null;
  const date = parse(value.slice(0, 10), 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
}

/** 'yyyy-MM-dd' of a picked day; '' for no date; INVALID_DATE_VALUE for an incomplete or impossible one. */
function dateToIso(date: Date | null): string {
  if (date === null) return '';
  return isValid(date) ? format(date, 'yyyy-MM-dd') : INVALID_DATE_VALUE;
}

/** Props of DateFieldFr. */
export interface DateFieldFrProps {
  /** The day 'yyyy-MM-dd' (a longer ISO text is read by its day); '' or null for none. */
  value: unknown;
  /** Called with the new day 'yyyy-MM-dd', '' when cleared, INVALID_DATE_VALUE while incomplete. */
  onChange: (value: string) => void;
  /** The label, already translated (a node: FieldTitle adds the '*'). */
  label?: ReactNode;
  /** Earliest and latest days that may be picked, 'yyyy-MM-dd' (earlier days are greyed in the calendar). */
  minDate?: string;
  maxDate?: string;
  /** The name of the hidden input holding the shown text (dd/MM/yyyy), e.g. the form field's source. */
  name?: string;
  /** The id of the field (react-admin's input id). */
  id?: string;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Default 'small' and full width, as react-admin's theme sets every TextField (filled, dense). */
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A French date picker showing dd/MM/yyyy and answering 'yyyy-MM-dd' (see the file comment). The day typed but not yet
 * valid is kept by the picker while the value it reported is still the current one, so typing is never reset.
 */
export const DateFieldFr = ({
  value,
  onChange,
  label,
  minDate,
  maxDate,
  name,
  id,
  onBlur,
  error,
  helperText,
  required,
  disabled,
  readOnly,
  size = 'small',
  fullWidth = true,
  sx,
}: DateFieldFrProps) => {
  // The Date last picked or typed, with the value it was reported as: while the value is still that one, the picker
  // shows the Date itself (an incomplete one included); a value set from outside (reset, record load) wins.
  const [typed, setTyped] = useState<{ reported: string; date: Date | null }>();
  const date = typed && typed.reported === value ? typed.date : isoToDate(value);
  const change = (next: Date | null) => {
    const reported = dateToIso(next);
    setTyped({ reported, date: next });
    onChange(reported);
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={fr} localeText={FR_TEXTS}>
      <DatePicker
        value={date}
        onChange={change}
        label={label}
        format={DISPLAY_FORMAT}
        minDate={isoToDate(minDate) ?? undefined}
        maxDate={isoToDate(maxDate) ?? undefined}
        disabled={disabled}
        readOnly={readOnly}
        name={name}
        sx={sx}
        slotProps={{
          textField: {
            id,
            onBlur,
            // Only a form error forces the red state; otherwise the picker shows its own (a day before minDate).
            ...(error ? { error: true } : {}),
            helperText,
            required,
            size,
            fullWidth,
            margin: 'dense',
            variant: 'filled',
          },
        }}
      />
    </LocalizationProvider>
  );
};

/** Props of DateInputFr (react-admin's input props that apply to a date). */
export interface DateInputFrProps {
  source: string;
  /** Translation key or text; default the resource's field label (resources.{resource}.fields.{source}). */
  label?: string;
  /** Translation key or text under the field; false for none. */
  helperText?: string | false;
  /** Shown with '*' (the schema decides whether the value is required). */
  isRequired?: boolean;
  validate?: Validator | Validator[];
  defaultValue?: string;
  minDate?: string;
  maxDate?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /**
   * A list filter (react-admin reads `alwaysOn` on the element): an incomplete date leaves the filter unchanged rather
   * than sending INVALID_DATE_VALUE to the server at each key stroke.
   */
  alwaysOn?: boolean;
  resource?: string;
  sx?: SxProps<Theme>;
}

/**
 * The react-admin date input: the form field holds 'yyyy-MM-dd' ('' when cleared, INVALID_DATE_VALUE while the typed
 * date is incomplete, except in a filter), shown dd/MM/yyyy; its error (schema or `validate`) shows under it, in French.
 */
export const DateInputFr = ({
  source,
  label,
  helperText,
  isRequired: required,
  validate,
  defaultValue,
  minDate,
  maxDate,
  size,
  fullWidth,
  disabled,
  readOnly,
  alwaysOn,
  resource: resourceProp,
  sx,
}: DateInputFrProps) => {
  const resource = useResourceContext({ resource: resourceProp });
  const { field, fieldState, id, isRequired } = useInput({ source, validate, defaultValue, disabled, readOnly, resource });
  const { error, invalid } = fieldState;
  const onChange = (value: string) => {
    if (alwaysOn && value === INVALID_DATE_VALUE) return;
    field.onChange(value);
  };
  return (
    <DateFieldFr
      value={field.value}
      onChange={onChange}
      onBlur={field.onBlur}
      name={field.name}
      id={id}
      label={<FieldTitle label={label} source={source} resource={resource} isRequired={required || isRequired} />}
      minDate={minDate}
      maxDate={maxDate}
      error={invalid}
      helperText={helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : undefined}
      disabled={disabled}
      readOnly={readOnly}
      size={size}
      fullWidth={fullWidth}
      sx={sx}
    />
  );
};
