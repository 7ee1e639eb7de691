/**
 * Toolbar of the departure forms (spec 000 §5 Add departure): 'Enregistrer', disabled unless the sending mode, both
 * countries and the three dates are set (edit: also contenu and poids), with a hint saying what is missing.
 */
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';
import { canSaveDepart } from './departRules';

/** Takes the form mode; renders the save button under the button rule of spec 000 §5. */
export const DepartSaveToolbar = ({ mode }: { mode: 'create' | 'edit' }) => {
  const values = useWatch();
  const translate = useTranslate();
  const ok = canSaveDepart(values ?? {}, mode);
  return (
    <Toolbar sx={{ gap: 2 }}>
      <SaveButton disabled={!ok} />
      {!ok && (
        <Typography variant="body2" color="text.secondary">
          {translate(`resources.depart.form.save_hint_${mode}`)}
        </Typography>
      )}
    </Toolbar>
  );
};
