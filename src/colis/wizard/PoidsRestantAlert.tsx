/**
 * The chosen departure's remaining weight in step 2 of the parcel wizard (INFO COLIS, spec 000 §2; §4 weight check),
 * live: the kg the departure has left and what it would have left once the weight typed so far is on it
 * (common/envoiRules.ts poidsRestantApres; poidsTient, the server's check). Above what is left, a warning says the save will be
 * refused; the save itself is still judged by the server (docs/decisions/wizard-departures.md).
 */
import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { poidsRestantApres, poidsTient } from '../../../common/envoiRules';
import { formatKg } from '../../../common/format';
import type { Envoi } from '../model/types';
import { poidsTotalSaisi } from './envoiChoice';

/**
 * Takes the chosen departure and `dejaSurLeDepart`, the kg this parcel already holds on it (on edit of a parcel that
 * stays on its departure, else 0); reads the form's nature lines. Renders nothing without a departure.
 */
export const PoidsRestantAlert = ({ envoi, dejaSurLeDepart = 0 }: { envoi?: Envoi; dejaSurLeDepart?: number }) => {
  const translate = useTranslate();
  const lines = useWatch({ name: 'naturesColis' }) as { poids?: number | string | null }[] | undefined;
  if (!envoi || envoi.poidsDisponible === undefined || envoi.poidsDisponible === null) return null;
  const saisi = poidsTotalSaisi(lines);
  const disponible = poidsRestantApres(envoi.poidsDisponible, 0, dejaSurLeDepart);
  const apres = poidsRestantApres(envoi.poidsDisponible, saisi, dejaSurLeDepart);
  const over = !poidsTient(envoi.poidsDisponible, saisi, dejaSurLeDepart);
  const values = {
    reference: envoi.reference,
    disponible: formatKg(disponible),
    saisi: formatKg(saisi),
    apres: formatKg(apres),
    depassement: formatKg(-apres),
  };
  const t = (key: string) => translate(`resources.colis.info.poids_restant.${key}`, values);
  return (
    <Alert severity={over ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="poids-restant" data-over={over ? 'true' : 'false'}>
      <AlertTitle>{t('title')}</AlertTitle>
      {over ? t('over') : t('apres')}
    </Alert>
  );
};
