/**
 * Form toolbar whose 'Enregistrer' stays disabled while a required field is empty (spec 001 §5 "Sending mode:
 * libelle, code, description required; save disabled while empty or loading"); react-admin's SaveButton is also
 * disabled while the save runs.
 */
import { useWatch } from 'react-hook-form';
import { SaveButton, Toolbar } from 'react-admin';
import { requiredFieldsFilled } from './formRules';

/** Takes the names of the required fields; renders the toolbar with the save button under that rule. */
export const RequiredFieldsToolbar = ({ fields }: { fields: readonly string[] }) => {
  const values = useWatch();
  return (
    <Toolbar>
      <SaveButton disabled={!requiredFieldsFilled(values, fields)} />
    </Toolbar>
  );
};
