/**
 * The agency select of a screen a role that sees every agency reads one agency at a time (the operations dashboard,
 * src/operation/OperationToolbar.tsx; the 'Caisse' screen, src/caisse/CaissePage.tsx): every agency (inactive ones too:
 * past records keep theirs) by label, read with getList('agence'). Controlled: the screen holds the value (a filter, a
 * state). For a list's filter bar, src/kit/AgenceFilter.tsx (a react-admin input) is the one to use.
 */
import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';

/** Props of AgenceSelect. */
export interface AgenceSelectProps {
  /** The chosen agency's id, '' for none; an id not (yet) among the agencies read shows as none. */
  value: string;
  /** Called with the chosen agency's id ('' for the empty choice). */
  onChange: (agenceId: string) => void;
  /** Translation key of the label, e.g. 'resources.caisse.fields.agence'. */
  label: string;
  /** Translation key of an empty choice offered first (e.g. 'Toutes les agences'); none when absent. */
  emptyText?: string;
  /** data-testid of the field. */
  testId?: string;
}

/** Renders the select (small, label always raised). */
export const AgenceSelect = ({ value, onChange, label, emptyText, testId }: AgenceSelectProps) => {
  const translate = useTranslate();
  const { data = [] } = useGetList('agence', { pagination: { page: 1, perPage: 500 }, sort: { field: 'libelle', order: 'ASC' } });
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={data.some((a) => String(a.id) === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      fullWidth={false}
      sx={{ width: 260, flex: '0 0 auto' }}
      slotProps={{ select: { displayEmpty: emptyText !== undefined }, inputLabel: { shrink: true } }}
      data-testid={testId}
    >
      {emptyText !== undefined && <MenuItem value="">{translate(emptyText)}</MenuItem>}
      {data.map((a) => (
        <MenuItem key={a.id} value={String(a.id)}>
          {String(a.libelle)}
        </MenuItem>
      ))}
    </TextField>
  );
};
