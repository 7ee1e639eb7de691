/**
 * Step 1 of the parcel wizard — CHOIX DU DEPART (add) / INFO DEPART (edit), spec 000 §2: the open departures as cards,
 * the chosen one remembered in localStorage; empty: 'Aucun départ trouvé' / 'Il n'y a aucun départ ouvert.'; a load
 * failure: 'erreur' with the server message else 'erreur lors de la récupération' (§8). ADMIN also picks the issuing
 * agency among the agencies of the departure's origin country (GET agence/liste?paysID=…).
 */
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { SelectInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { isModeEnvoiAerien } from '../../../common/modes';
import { QueryStatus } from '../../common/QueryStatus';
import { CHOSEN_ENVOI_KEY } from '../model/wizardRules';
import type { Envoi } from '../model/types';
import { EnvoiCards } from '../../common/EnvoiCards';

/** Props of StepEnvoi. */
export interface StepDepartProps {
  envois: Envoi[];
  isPending: boolean;
  error: unknown;
  /** The departure currently chosen (from the form's envoiID). */
  envoi?: Envoi;
  seesAllAgences: boolean;
}

/** ADMIN's agency choice: active agencies of the departure's origin country, by name. */
const AgenceChoice = ({ paysEmetteurID }: { paysEmetteurID: string }) => {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList('agence', {
    filter: { paysID: paysEmetteurID, isActive: true },
    sort: { field: 'libelle', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  return (
    <SelectInput
      source="agenceID"
      label="resources.colis.depart.agence"
      choices={data}
      optionText="libelle"
      isPending={isPending}
      isRequired
      helperText={translate('resources.colis.depart.agence_help')}
      fullWidth={false}
      sx={{ minWidth: 360 }}
    />
  );
};

/** Takes StepDepartProps; writes envoiID (and agenceID for ADMIN) in the wizard form. */
export const StepEnvoi = ({ envois, isPending, error, envoi, seesAllAgences }: StepDepartProps) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const t = (key: string) => translate(`resources.colis.depart.${key}`);

  const choose = (d: Envoi) => {
    const previous = envois.find((x) => x.id === getValues('envoiID'));
    setValue('envoiID', d.id, { shouldDirty: true });
    try {
      globalThis.localStorage?.setItem(CHOSEN_ENVOI_KEY, d.id);
    } catch {
      // storage unavailable: the choice is simply not remembered
    }
    if (isModeEnvoiAerien(d.modeEnvoiID)) setValue('unite', 'KG');
    if (previous && previous.paysID?.id !== d.paysID?.id) setValue('villeID', null);
    if (previous && previous.paysEmetteurID?.id !== d.paysEmetteurID?.id) setValue('agenceID', null);
  };

  if (isPending || error) return <QueryStatus isPending={isPending} error={error} />;
  if (envois.length === 0) {
    return (
      <Alert severity="info">
        <AlertTitle>{t('none_title')}</AlertTitle>
        {t('none_text')}
      </Alert>
    );
  }
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
        {t('title')}
      </Typography>
      <EnvoiCards envois={envois} selectedId={envoi?.id} onSelect={choose} />
      {seesAllAgences && envoi?.paysEmetteurID?.id && (
        <Box sx={{ mt: 3 }}>
          <AgenceChoice paysEmetteurID={envoi.paysEmetteurID.id} />
        </Box>
      )}
    </Box>
  );
};
