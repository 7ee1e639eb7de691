/**
 * Step 1 of the parcel wizard — CHOIX DU DEPART (add) / INFO DEPART (edit), spec 000 §2: the open departures as cards,
 * the chosen one remembered in localStorage; empty: 'Aucun départ trouvé' / 'Il n'y a aucun départ ouvert.'; a load
 * failure: 'erreur' with the server message else 'erreur lors de la récupération' (§8). ADMIN also picks the issuing
 * agency among the agencies of the departure's origin country (GET agence/liste?paysID=…).
 * Each card shows the kg left ('Poids disponible'); a full departure is shown disabled with 'Complet', and on edit the
 * parcel's own departure, once no longer open, with 'Clôturé' (docs/decisions/wizard-departures.md). After a save
 * refused because the departure closed or filled, the server's message shows above the reloaded cards (`notice`).
 */
import { useEffect, useRef } from 'react';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { SelectInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { isModeEnvoiAerien } from '../../../common/modes';
import { QueryStatus } from '../../kit/QueryStatus';
import { CHOSEN_ENVOI_KEY } from '../model/wizardRules';
import type { Envoi } from '../model/types';
import { EnvoiCards } from '../../kit/EnvoiCards';
import { envoiIndisponible } from './envoiChoice';

/** Props of StepEnvoi. */
export interface StepDepartProps {
  envois: Envoi[];
  isPending: boolean;
  error: unknown;
  /** The departure currently chosen (from the form's envoiID). */
  envoi?: Envoi;
  seesAllAgences: boolean;
  /** The ids envoi/ouvertActif answered (the departures open for registration). */
  openIds: ReadonlySet<string>;
  /** On edit, the parcel's own departure (chosen even when full). */
  ownEnvoiId?: string | null;
  /** The server's message of a save refused because the departure closed or filled meanwhile. */
  notice?: string | null;
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
export const StepEnvoi = ({ envois, isPending, error, envoi, seesAllAgences, openIds, ownEnvoiId, notice }: StepDepartProps) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const t = (key: string) => translate(`resources.colis.depart.${key}`);

  const unavailable = (d: Envoi) => {
    const why = envoiIndisponible(d, { openIds, ownEnvoiId });
    return why ? t(why) : undefined;
  };

  const choose = (d: Envoi) => {
    if (unavailable(d)) return;
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

  // The refusal comes from step 3, scrolled down on a phone: bring its message into view.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView?.({ block: 'center' });
  }, [notice]);

  const refused = notice ? (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="depart-refused" ref={noticeRef}>
      <AlertTitle>{t('refused_title')}</AlertTitle>
      {notice}
    </Alert>
  ) : null;
  if (isPending || error) return <QueryStatus isPending={isPending} error={error} />;
  if (envois.length === 0) {
    return (
      <>
        {refused}
        <Alert severity="info">
          <AlertTitle>{t('none_title')}</AlertTitle>
          {t('none_text')}
        </Alert>
      </>
    );
  }
  return (
    <Box>
      {refused}
      <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
        {t('title')}
      </Typography>
      <EnvoiCards envois={envois} selectedId={envoi?.id} onSelect={choose} unavailable={unavailable} />
      {seesAllAgences && envoi?.paysEmetteurID?.id && (
        <Box sx={{ mt: 3 }}>
          <AgenceChoice paysEmetteurID={envoi.paysEmetteurID.id} />
        </Box>
      )}
    </Box>
  );
};
