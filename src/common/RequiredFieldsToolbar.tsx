/**
 * Form toolbar whose 'Enregistrer' stays disabled while a required field is empty (spec 001 §5 "Sending mode:
 * libelle, code, description required; save disabled while empty or loading"); react-admin's SaveButton is also
 * disabled while the save runs.
 */
import { useWatch } from 'react-hook-form';
import { SaveButton, Toolbar } from 'react-admin';

/** Whether every named field of the form values holds something other than blanks. */
export function requiredFieldsFilled(values: Record<string, unknown> | undefined, fields: readonly string[]): boolean {
  return fields.every((field) => {
    const value = values?.[field];
    if (value === null || value === undefined) return false;
    return typeof value === 'string' ? value.trim() !== '' : true;
  });
}

/** Takes the names of the required fields; renders the toolbar with the save button under that rule. */
export const RequiredFieldsToolbar = ({ fields }: { fields: readonly string[] }) => {
  const values = useWatch();
  return (
    <Toolbar>
      <SaveButton disabled={!requiredFieldsFilled(values, fields)} />
    </Toolbar>
  );
};
