/**
 * Inputs of the nature add and edit forms (spec 001 §2 "Add nature: the group is shown read-only; if the group cannot
 * be fetched the text 'Aucun groupe nature colis trouvé' shows", "Edit nature: the group select is disabled"; §5 "Nature
 * add: code, libelle and group required. Nature edit: code, libelle, description required. Code sent in upper case.
 * prixExceptionnel accepts digits only … The unit is free text (placeholder 'Unité, ex: Kg')").
 */
import { Alert, Box } from '@mui/material';
import { TextInput, useGetOne, useTranslate } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { upperCase } from '../kit/textParsers';
import { typedPrixExceptionnel } from './natureColisRules';

/** Props of NatureColisInputs. */
export interface NatureColisInputsProps {
  mode: 'create' | 'edit';
  /** The group the nature is added to (?groupeId=): shown read-only. Absent on an add from the natures list. */
  groupeId?: string;
}

/** The group field: read-only when the nature comes from a group or is edited, a select otherwise. */
const GroupeField = ({ mode, groupeId }: NatureColisInputsProps) => {
  const translate = useTranslate();
  const { error } = useGetOne('groupeNatureColis', { id: groupeId ?? '' }, { enabled: !!groupeId, retry: false });
  if (groupeId && error) {
    return (
      <Alert severity="warning" sx={{ gridColumn: '1 / -1', mb: 2 }}>
        {translate('resources.natureColis.notifications.group_not_found')}
      </Alert>
    );
  }
  const locked = mode === 'edit' || !!groupeId;
  return (
    <ActiveReferenceSelect
      source="groupeNatureColisID"
      reference="groupeNatureColis"
      label="resources.natureColis.fields.groupeNatureColisID"
      isRequired
      readOnly={locked}
      helperText={locked ? 'resources.natureColis.form.groupe_locked' : false}
    />
  );
};

/** Takes the form mode and the group of an add from a group; returns the inputs on a two-column grid. */
export const NatureColisInputs = ({ mode, groupeId }: NatureColisInputsProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <GroupeField mode={mode} groupeId={groupeId} />
      <Box />
      <TextInput source="code" isRequired parse={upperCase} />
      <TextInput source="libelle" isRequired />
      <TextInput source="prixExceptionnel" parse={typedPrixExceptionnel} helperText="resources.natureColis.form.prix_help" />
      <TextInput source="unite" placeholder={translate('resources.natureColis.form.unite_placeholder')} />
      <TextInput source="description" multiline minRows={2} sx={{ gridColumn: { md: '1 / -1' } }} isRequired={mode === 'edit'} />
    </Box>
  );
};
