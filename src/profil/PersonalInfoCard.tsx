/**
 * Card 'Informations personnelles' of the profile (spec 000 §2 Profile settings, §5 "Enregistrer disabled
 * unless nom and prenoms are filled; email read-only; fields editable only in edit mode"): GET user/getBy/{id}
 * through the dataProvider, PUT user/update/{id} {nom, prenoms, adresse}, 'Mise à jour des informations réussie !'.
 * The fields are checked with the route's schema (common/schemas/user.ts profilBody); the button rule stays the spec's.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, CardHeader } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import {
  Form,
  FormDataConsumer,
  TextInput,
  useAuthProvider,
  useGetIdentity,
  useNotify,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { profilBody } from '../../common/schemas/user';
import { formResolver } from '../kit/formResolver';
import type { AppAuthProvider } from '../providers/authProvider';
import { useReloadPermissions } from '../providers/useReloadPermissions';
import { serverMessage } from '../kit/recordLabel';
import { useOneAtATime } from '../kit/useOneAtATime';
import { canSaveProfile } from './profilRules';

/** The form's rules: the profile body's (nom and prenoms required, lengths). */
const resolver = formResolver(profilBody);

/** Modifier / Annuler and Enregistrer buttons; reads the form values. */
const InfoButtons = ({
  editing,
  saving,
  onEdit,
  onCancel,
}: {
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
      {editing ? (
        <Button variant="outlined" onClick={onCancel}>
          {translate('app.profil.cancel')}
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
          {translate('app.profil.edit')}
        </Button>
      )}
      <FormDataConsumer>
        {({ formData }) => (
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!editing || saving || !canSaveProfile(formData)}>
            {translate('app.profil.save')}
          </Button>
        )}
      </FormDataConsumer>
    </Box>
  );
};

/** Takes the loaded user record; renders the card. */
export const PersonalInfoCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const reloadPermissions = useReloadPermissions();
  const authProvider = useAuthProvider<AppAuthProvider>();
  const [editing, setEditing] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [update, { isPending }] = useUpdate();

  // Saved once however fast 'Enregistrer' is clicked (src/kit/useWrite.ts).
  const save = useOneAtATime(async (values: Record<string, unknown>) => {
    const data = {
      nom: String(values.nom ?? '').trim(),
      prenoms: String(values.prenoms ?? '').trim(),
      adresse: String(values.adresse ?? '').trim(),
    };
    await update(
      'user',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => {
          notify('app.profil.update_success', { type: 'success' });
          authProvider?.storeProfile(data);
          setEditing(false);
          refetchIdentity();
          reloadPermissions().catch(() => undefined);
        },
        onError: (error) => notify(serverMessage(error) ?? 'app.profil.update_failure', { type: 'error' }),
      },
    ).catch(() => undefined);
  });

  return (
    <Card>
      <CardHeader title={translate('app.profil.info_title')} />
      <CardContent>
        <Form key={formKey} record={record} onSubmit={save} resolver={resolver}>
          <TextInput source="nom" label="app.profil.nom" readOnly={!editing} fullWidth />
          <TextInput source="prenoms" label="app.profil.prenoms" readOnly={!editing} fullWidth />
          <TextInput source="email" label="app.profil.email" readOnly fullWidth />
          <TextInput source="adresse" label="app.profil.adresse" readOnly={!editing} fullWidth />
          <InfoButtons
            editing={editing}
            saving={isPending}
            onEdit={() => setEditing(true)}
            onCancel={() => {
              setEditing(false);
              setFormKey((k) => k + 1);
            }}
          />
        </Form>
      </CardContent>
    </Card>
  );
};
