/**
 * Step 3 of the parcel wizard — INFO DESTINATAIRE (spec 000 §2, §5 "Step 3 save"): the recipient looked up by full
 * phone (dataProvider.findClientByPhone → GET user/getByTelephone/{+…}; unknown → a new recipient form nom, prénoms, adresse, email), and the sender
 * either selected among the clients (user/listeClients, searched) or typed (nom, prénoms, phone → NumeroSaisi). The
 * fields' rules (required parts, e-mail, each phone against its party's country) are the wizard's schema's
 * (common/schemas/colis.ts, checked by the form's resolver): the inputs carry no `validate`.
 */
import { useEffect } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  AutocompleteInput,
  RadioButtonGroupInput,
  ReferenceInput,
  TextInput,
  useDataProvider,
  useGetOne,
  useNotify,
  useTranslate,
  type DataProvider,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { serverMessage } from '../../kit/recordLabel';
import { useWrite } from '../../kit/useWrite';
import { fullName } from '../../providers/records';
import type { ColisMethods } from '../model/colisMethods';
import { partyPhone, withoutDialCode } from '../model/wizardRules';
import type { Envoi } from '../model/types';

/** A country's dial code and national length (pays/getBy), for the phone numbers. */
export function usePaysPhone(paysId: string | null | undefined): { indicatif: string; longueur: number | null } {
  const { data } = useGetOne('pays', { id: paysId ?? '' }, { enabled: !!paysId, staleTime: 5 * 60_000 });
  return { indicatif: (data?.indicatif as string) ?? '', longueur: (data?.longueurNumero as number) ?? null };
}

/** Label of a client in the sender choice: name and phone. */
const clientText = (c: { nom?: string; prenoms?: string; telephoneComplet?: string } | undefined) =>
  c ? `${fullName(c)}${c.telephoneComplet ? ` — ${c.telephoneComplet}` : ''}` : '';

/** A grid of inputs: one column on phones, the given template from md up. */
const grid = (template: string) =>
  ({ display: 'grid', gridTemplateColumns: { xs: '1fr', md: template }, columnGap: 2, alignItems: 'start' }) as const;

/** Takes the chosen departure (its destination country gives the recipient's dial code, its origin the sender's). */
export const StepDestinataire = ({ envoi }: { envoi?: Envoi }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const { setValue, getValues } = useFormContext();
  const t = (key: string) => `resources.colis.destinataire.${key}`;
  const dest = usePaysPhone(envoi?.paysID?.id);
  const orig = usePaysPhone(envoi?.paysEmetteurID?.id);
  const lookup = useWatch({ name: 'destinataireLookup' }) as 'found' | 'new' | undefined;
  const label = useWatch({ name: 'destinataireLabel' }) as string | undefined;
  const expediteurMode = useWatch({ name: 'expediteurMode' }) as 'select' | 'saisie';

  // Dial codes default to the destination country (recipient) and the origin country (sender). A full number already
  // in the form (the edit wizard's saved one) then loses that dial code, shown once in its own field (withoutDialCode).
  useEffect(() => {
    const fill = (indicatifField: string, numeroField: string, indicatif: string) => {
      if (!indicatif || getValues(indicatifField)) return;
      setValue(indicatifField, indicatif);
      const national = withoutDialCode(getValues(numeroField), indicatif);
      if (national !== null) setValue(numeroField, national);
    };
    fill('destinataireIndicatif', 'destinataireNumero', dest.indicatif);
    fill('expediteurIndicatif', 'expediteurNumero', orig.indicatif);
  }, [dest.indicatif, orig.indicatif, getValues, setValue]);

  const resetLookup = () => {
    if (getValues('destinataireLookup')) {
      setValue('destinataireLookup', undefined);
      setValue('destinataireID', null);
      setValue('destinataireLabel', '');
    }
  };

  // One lookup at a time: 'Rechercher' stays disabled from the click until the server answered.
  const lookupByPhone = useWrite({
    mutationFn: (phone: string) => dataProvider.findClientByPhone(phone),
    onSuccess: (client, phone) => {
      if (client) {
        setValue('destinataireID', client.id, { shouldDirty: true });
        setValue('destinataireLookup', 'found');
        setValue(
          'destinataireLabel',
          `${fullName(client)} — ${client.telephoneComplet ?? phone}${client.adresse ? ` — ${client.adresse}` : ''}`,
        );
      } else {
        setValue('destinataireID', null);
        setValue('destinataireLookup', 'new');
        setValue('destinataireLabel', '');
      }
    },
    onError: (error) => notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' }),
  });
  const searching = lookupByPhone.pending;

  const search = () => {
    const result = partyPhone(getValues('destinataireIndicatif'), getValues('destinataireNumero'), dest);
    if (!result.ok) {
      notify(result.error, { type: 'warning' });
      return;
    }
    void lookupByPhone.run(result.phone);
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 4 }}>
      <Box>
        <Typography variant="subtitle2" color="primary" sx={{ mb: 1, textTransform: 'uppercase' }}>
          {translate(t('title'))}
        </Typography>
        <Box sx={grid('110px minmax(0, 1fr) auto')}>
          <TextInput source="destinataireIndicatif" label={t('indicatif')} placeholder={dest.indicatif} onChange={resetLookup} />
          <TextInput source="destinataireNumero" label={t('telephone')} onChange={resetLookup} />
          <Button
            variant="outlined"
            startIcon={searching ? <CircularProgress size={16} /> : <SearchIcon />}
            onClick={search}
            disabled={searching}
            sx={{ mt: 1 }}
          >
            {translate(t('search'))}
          </Button>
        </Box>
        {lookup === 'found' && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="destinataire-found">
            <strong>{translate(t('found'))}</strong> : {label}
          </Alert>
        )}
        {lookup === 'new' && (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate(t('not_found'))}
            </Alert>
            <Box sx={grid('1fr 1fr')}>
              <TextInput source="nomDestinataire" label={t('nom')} isRequired />
              <TextInput source="prenomsDestinataire" label={t('prenoms')} isRequired />
            </Box>
            <TextInput source="adresseDestinataire" label={t('adresse')} isRequired fullWidth />
            <TextInput source="emailDestinataire" label={t('email')} fullWidth />
          </>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" color="primary" sx={{ mb: 1, textTransform: 'uppercase' }}>
          {translate(t('expediteur_title'))}
        </Typography>
        <RadioButtonGroupInput
          source="expediteurMode"
          label={t('expediteur_mode')}
          choices={[
            { id: 'select', name: translate(t('expediteur_select')) },
            { id: 'saisie', name: translate(t('expediteur_saisie')) },
          ]}
        />
        {expediteurMode === 'saisie' ? (
          <>
            <Box sx={grid('1fr 1fr')}>
              <TextInput source="expediteurNom" label={t('expediteur_nom')} isRequired />
              <TextInput source="expediteurPrenom" label={t('expediteur_prenom')} isRequired />
            </Box>
            <Box sx={grid('110px minmax(0, 1fr)')}>
              <TextInput source="expediteurIndicatif" label={t('indicatif')} placeholder={orig.indicatif} />
              <TextInput source="expediteurNumero" label={t('expediteur_telephone')} isRequired />
            </Box>
          </>
        ) : (
          <ReferenceInput source="expediteurID" reference="clients" sort={{ field: 'nom', order: 'ASC' }} perPage={20}>
            <AutocompleteInput
              label={t('expediteur_client')}
              optionText={clientText}
              filterToQuery={(q: string) => ({ q })}
              isRequired
              fullWidth
            />
          </ReferenceInput>
        )}
      </Box>
    </Box>
  );
};
