/**
 * The three-step parcel wizard shared by AJOUTER COLIS (/addColis) and the edit screen (/colisUpdate/{id}) — spec 000
 * §2 Add parcel / Edit parcel, §5, §8: an MUI Stepper over one react-admin Form; Précédent / Suivant (SUIVANT /
 * PRECEDENT / ENREGISTRER in edit), each Suivant enabled by the step's rule (./wizardRules.ts); the Enter key is blocked
 * inside the form. Save: POST colis/create or PUT colis/update/{id}; a 409 weight check opens the information dialog
 * with 'Contacter Admins'; 400/403/409 show the server message; anything else 'Erreur lors de l'enregistrement du
 * colis'. Success → /colis.
 */
import { useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { Form, ResourceContextProvider, useGetList, useNavigate, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../common/recordLabel';
import { readSession } from '../../providers/session';
import { createColis, updateColis } from '../colisApi';
import { userSeesAllAgencies } from '../../../common/scopes';
import type { Ref } from '../types';
import {
  buildColisBody,
  computeFormAmounts,
  departStepMissing,
  destinataireStepMissing,
  infoStepMissing,
  isAgencyPickup,
  type ColisFormValues,
} from '../wizardRules';
import { StepColisInfo } from './StepColisInfo';
import { StepDepart } from './StepDepart';
import { StepDestinataire, useCountryPhone } from './StepDestinataire';
import { useNaturePrices, useOpenDepartures } from './useWizardData';
import { PriceNotFoundDialog, WeightCheckDialog } from './WeightCheckDialog';

/** Props of ColisWizard. */
export interface ColisWizardProps {
  mode: 'create' | 'edit';
  defaultValues: ColisFormValues;
  /** The parcel id in edit mode. */
  colisId?: string;
}

/** Blocks the Enter key inside the form (spec 000 §2), except in multi-line fields. */
function blockEnter(event: React.KeyboardEvent) {
  if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement)) event.preventDefault();
}

/** The stepper, the current step and the buttons; lives inside the Form. */
const WizardBody = ({ mode, colisId, currentEnvoiId }: { mode: 'create' | 'edit'; colisId?: string; currentEnvoiId?: string | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { getValues } = useFormContext<ColisFormValues>();
  const values = useWatch() as ColisFormValues;
  const isAdmin = userSeesAllAgencies(readSession()?.user);
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [weightMessage, setWeightMessage] = useState<string | null>(null);
  const [dismissedPriceErrors, setDismissedPriceErrors] = useState<string[]>([]);

  const departuresQuery = useOpenDepartures(mode === 'edit' ? currentEnvoiId : null);
  const departures = useMemo(() => departuresQuery.data ?? [], [departuresQuery.data]);
  const departure = departures.find((d) => d.id === values.envoiID);
  const { data: modesLivraison = [] } = useGetList('modeLivraison', {
    filter: { isActive: true },
    sort: { field: 'libelle', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const modeLivraison = (modesLivraison as Ref[]).find((m) => m.id === values.modeLivraisonID);
  const withDelivery = !!values.modeLivraisonID && !isAgencyPickup(modeLivraison);

  const natureIds = useMemo(() => (values.naturesColis ?? []).map((l) => l.natureColisID ?? '').filter(Boolean), [values.naturesColis]);
  const {
    prices,
    loading: pricesLoading,
    errors: priceErrors,
  } = useNaturePrices({
    envoiID: values.envoiID,
    villeID: values.villeID,
    agenceID: isAdmin ? values.agenceID : null,
    natureIds,
  });
  const priceError = priceErrors.find((e) => !dismissedPriceErrors.includes(e.key));
  const amounts = computeFormAmounts(values, prices, withDelivery);
  const dest = useCountryPhone(departure?.paysID?.id);
  const orig = useCountryPhone(departure?.paysEmetteurID?.id);

  const missing = [
    departStepMissing(values, { isAdmin }),
    infoStepMissing(values, { prices, loading: pricesLoading, withDelivery }),
    destinataireStepMissing(values),
  ];
  if (step === 0 && values.envoiID && !departure && !departuresQuery.isPending) missing[0] = ['depart'];
  const labels = mode === 'create' ? 'steps_create' : 'steps_edit';
  const stepTitles = ['depart', 'colis', 'destinataire'].map((k) => translate(`resources.colis.wizard.${labels}.${k}`));
  const button = (k: 'previous' | 'next' | 'save') => translate(`resources.colis.wizard.${mode === 'edit' ? `${k}_edit` : k}`);
  const missingText = missing[step].length
    ? translate('resources.colis.wizard.missing', { items: missing[step].map((k) => translate(`resources.colis.missing.${k}`)).join(', ') })
    : '';

  const save = async () => {
    const current = getValues();
    if (destinataireStepMissing(current).length) return;
    const body = buildColisBody(
      {
        ...current,
        destinataireIndicatif: current.destinataireIndicatif || dest.indicatif,
        expediteurIndicatif: current.expediteurIndicatif || orig.indicatif,
      },
      { isAdmin, modeEnvoi: departure?.modeEnvoiID, withDelivery, destinataireCountry: dest, expediteurCountry: orig },
    );
    setSaving(true);
    try {
      const answer = mode === 'create' ? await createColis(body) : await updateColis(colisId!, body);
      notify(answer.message || `resources.colis.notifications.${mode === 'create' ? 'created' : 'updated'}`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['colis'] });
      navigate('/colis');
    } catch (error) {
      const status = (error as { status?: number })?.status;
      const body = (error as { body?: { errors?: Record<string, string> } })?.body;
      const message = serverMessage(error);
      if (status === 409 && body?.errors?.poids && message) {
        setWeightMessage(message);
      } else if ((status === 400 || status === 403 || status === 409) && message) {
        notify(message, { type: 'error' });
      } else {
        notify('resources.colis.notifications.create_error', { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box onKeyDown={blockEnter}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {stepTitles.map((title) => (
          <Step key={title}>
            <StepLabel>{title}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ minHeight: 240 }}>
        {step === 0 && (
          <StepDepart
            departures={departures}
            isPending={departuresQuery.isPending}
            error={departuresQuery.error}
            departure={departure}
            isAdmin={isAdmin}
          />
        )}
        {step === 1 && (
          <StepColisInfo
            departure={departure}
            prices={prices}
            pricesLoading={pricesLoading}
            amounts={amounts}
            modesLivraison={modesLivraison as Ref[]}
            withDelivery={withDelivery}
          />
        )}
        {step === 2 && <StepDestinataire departure={departure} />}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button variant="outlined" disabled={step === 0 || saving} onClick={() => setStep((s) => s - 1)}>
          {button('previous')}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, textAlign: 'center' }} data-testid="wizard-missing">
          {missingText}
        </Typography>
        {step < 2 ? (
          <Button variant="contained" disabled={missing[step].length > 0} onClick={() => setStep((s) => s + 1)}>
            {button('next')}
          </Button>
        ) : (
          <Button variant="contained" color="success" disabled={missing[2].length > 0 || saving} onClick={() => void save()}>
            {saving ? translate('resources.colis.wizard.saving') : button('save')}
          </Button>
        )}
      </Box>
      <WeightCheckDialog message={weightMessage} envoiId={values.envoiID} onClose={() => setWeightMessage(null)} />
      <PriceNotFoundDialog
        message={priceError?.message ?? null}
        onClose={() => priceError && setDismissedPriceErrors((d) => [...d, priceError.key])}
      />
    </Box>
  );
};

/** Takes ColisWizardProps; renders the wizard in a card. */
export const ColisWizard = ({ mode, defaultValues, colisId }: ColisWizardProps) => (
  <Card sx={{ mt: 1 }}>
    <CardContent>
      <ResourceContextProvider value="colis">
        <Form defaultValues={defaultValues} onSubmit={() => undefined} noValidate>
          <WizardBody mode={mode} colisId={colisId} currentEnvoiId={defaultValues.envoiID} />
        </Form>
      </ResourceContextProvider>
    </CardContent>
  </Card>
);
