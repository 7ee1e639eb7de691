/**
 * The inputs of a parcel, shared by ColisCreate (/colis/create) and ColisEdit (/colis/{id}): the three-step wizard of
 * spec 000 §2 Add parcel / Edit parcel, §5, §8 — an MUI Stepper over one react-admin Form; Précédent / Suivant
 * (SUIVANT / PRECEDENT / ENREGISTRER in edit), each Suivant enabled by the step's rule (./model/wizardRules.ts); the Enter key
 * is blocked in the form's one-line inputs (a focused button still takes it), and each new step takes the keyboard focus
 * on its first field. Save goes through the <Create> / <Edit> around it (the dataProvider's create or update
 * of 'colis': POST colis/create, PUT colis/update/{id}) with a transform building the request body (buildColisBody).
 * A 409 weight check opens the information dialog with 'Contacter Admins'; field errors of the server show on their
 * fields (the wizard goes to their step); 400/403/409 also show the server message; anything else 'Erreur lors de
 * l'enregistrement du colis'. A save refused because the departure closed meanwhile (409 on envoiID), or filled (the
 * weight dialog, then the reloaded departure has no kg left), goes back to step 1 with the departures reloaded, the
 * choice cleared and the server's message above the cards (docs/decisions/wizard-departures.md); a weight refusal on a
 * departure that still has room goes back to step 2, where the remaining weight shows. Success: react-admin's text
 * ('colis ajouté avec succès' / 'colis modifié avec succès') and the list.
 *
 * The form is checked with the wizard's schema (common/schemas/colis.ts colisWizardSchema, built from the server's body
 * fields) for the current role, delivery mode and countries of the departure: a field shows its French message once
 * left, and a save refused by the schema goes to the step of the first field in error.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Box, Button, CardContent, CircularProgress, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { Form, useGetList, useNotify, useSaveContext, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { colisWizardSchema, type ColisWizardContext } from '../../common/schemas/colis';
import { formResolver } from '../kit/formResolver';
import { serverMessage } from '../kit/recordLabel';
import type { Ref } from '../providers/records';
import { userSeesAllAgences } from '../../common/scopes';
import {
  CHOSEN_ENVOI_KEY,
  buildColisBody,
  computeFormMontants,
  deviseDuDepart,
  envoiStepMissing,
  destinataireStepMissing,
  infoStepMissing,
  isModeLivraisonAgence,
  type ColisFormValues,
} from './model/wizardRules';
import { stepOfField, wizardFieldErrors } from './wizard/serverErrors';
import { StepColisInfo } from './wizard/StepColisInfo';
import { StepEnvoi } from './wizard/StepEnvoi';
import { StepDestinataire, usePaysPhone } from './wizard/StepDestinataire';
import { usePrixNatures, useOpenEnvois } from './wizard/useWizardData';
import { PrixNotFoundDialog, PoidsCheckDialog } from './wizard/PoidsCheckDialog';
import { envoiIndisponible, poidsTotalSaisi } from './wizard/envoiChoice';
import { useAppIdentity } from '../kit/useAppIdentity';
import { OneSaveAtATime } from '../kit/OneSaveAtATime';
import { useOneAtATime } from '../kit/useOneAtATime';

/** Props of ColisInputs. */
export interface ColisInputsProps {
  mode: 'create' | 'edit';
  /** The values the form starts from (emptyColisValues, or valuesFromColis of the parcel being edited). */
  values: ColisFormValues;
}

/**
 * Blocks the Enter key in the form's one-line inputs, so that it never submits the form (spec 000 §2 "Enter key
 * blocked inside the form"); a focused button (SUIVANT, PRÉCÉDENT, RECHERCHER, ENREGISTRER, a departure's card) still
 * activates on Enter, as everywhere else, and a multi-line field still takes a new line.
 */
function blockEnter(event: React.KeyboardEvent) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/** What a step's first field can be: an enabled input, text area, select (MUI's combobox) or button (a departure's card). */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  '[role="combobox"]:not([aria-disabled="true"])',
  'button:not([disabled])',
].join(', ');

/**
 * Moves the keyboard focus to the first field of the step shown in `container` (the chosen departure's card on step 1
 * when there is one), else to the step itself, so that after SUIVANT or PRÉCÉDENT the next key goes to the step rather
 * than to the top of the page (docs/decisions/accessibility.md).
 */
function focusFirstField(container: HTMLElement | null) {
  if (!container) return;
  const fields = [...container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].filter((el) => el.tabIndex >= 0);
  const target = container.querySelector<HTMLElement>('[aria-pressed="true"]') ?? fields[0] ?? container;
  target.focus();
}

/** The resolver of the wizard before its body knows the context: the schema with no role nor countries. */
const defaultResolver = formResolver(colisWizardSchema());

/** Props of the wizard's body: the mode, the departure of the parcel being edited, and where to put the form's resolver. */
interface WizardBodyProps {
  mode: 'create' | 'edit';
  currentEnvoiId?: string | null;
  /** On edit, the kg the parcel holds on its departure (its saved lines); 0 on add. */
  ownPoids: number;
  /** Set by the body to the resolver of the wizard's schema for the current context (read by the Form's resolver). */
  resolverRef: RefObject<Resolver<FieldValues>>;
}

/** The stepper, the current step and the buttons; lives inside the Form, whose save is the Create / Edit one. */
const WizardBody = ({ mode, currentEnvoiId, ownPoids, resolverRef }: WizardBodyProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { save, saving = false } = useSaveContext();
  const { handleSubmit, setError, setValue } = useFormContext<ColisFormValues>();
  const values = useWatch() as ColisFormValues;
  const identity = useAppIdentity();
  const seesAllAgences = userSeesAllAgences(identity);
  const [step, setStep] = useState(0);
  const [poidsRefusal, setPoidsRefusal] = useState<{ message: string; envoiId?: string | null } | null>(null);
  const [departNotice, setDepartNotice] = useState<string | null>(null);
  const departRefused = useRef(false);
  // The step the focus was last moved for: a new step (SUIVANT, PRÉCÉDENT, a refusal's way back) takes the focus.
  const stepRef = useRef<HTMLDivElement>(null);
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    focusFirstField(stepRef.current);
  }, [step]);
  const [dismissedPrixErrors, setDismissedPrixErrors] = useState<string[]>([]);

  const envoisQuery = useOpenEnvois(mode === 'edit' ? currentEnvoiId : null);
  const envois = useMemo(() => envoisQuery.data ?? [], [envoisQuery.data]);
  const envoi = envois.find((d) => d.id === values.envoiID);
  const ownEnvoiId = mode === 'edit' ? currentEnvoiId : null;
  const { openIds, refetch: reloadEnvois } = envoisQuery;
  const envoiLoaded = !envoisQuery.isPending && !envoisQuery.error;

  // A new parcel never starts on a departure that cannot take it (the one remembered may have closed or filled).
  useEffect(() => {
    if (mode !== 'create' || !envoiLoaded || !values.envoiID) return;
    if (!envoi || envoiIndisponible(envoi, { openIds })) setValue('envoiID', null);
  }, [mode, envoiLoaded, values.envoiID, envoi, openIds, setValue]);
  // A new choice replaces the message of the refused one.
  useEffect(() => {
    if (values.envoiID) setDepartNotice(null);
  }, [values.envoiID]);
  const { data: modesLivraison = [] } = useGetList('modeLivraison', {
    filter: { isActive: true },
    sort: { field: 'libelle', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const modeLivraison = (modesLivraison as Ref[]).find((m) => m.id === values.modeLivraisonID);
  const withLivraison = !!values.modeLivraisonID && !isModeLivraisonAgence(modeLivraison);

  const natureIds = useMemo(() => (values.naturesColis ?? []).map((l) => l.natureColisID ?? '').filter(Boolean), [values.naturesColis]);
  const {
    prixNatures,
    loading: prixLoading,
    errors: prixErrors,
  } = usePrixNatures({
    envoiID: values.envoiID,
    villeID: values.villeID,
    agenceID: seesAllAgences ? values.agenceID : null,
    natureIds,
  });
  const prixError = prixErrors.find((e) => !dismissedPrixErrors.includes(e.key));
  const devise = deviseDuDepart(envoi, prixNatures);
  const montants = computeFormMontants(values, prixNatures, withLivraison, devise);
  const dest = usePaysPhone(envoi?.paysID?.id);
  const orig = usePaysPhone(envoi?.paysEmetteurID?.id);

  // The schema the form is checked with follows the role, the delivery mode, the departure's currency and countries.
  const wizardContext = useMemo<ColisWizardContext>(
    () => ({
      seesAllAgences,
      withLivraison,
      devise,
      destinatairePays: { indicatif: dest.indicatif, longueur: dest.longueur },
      expediteurPays: { indicatif: orig.indicatif, longueur: orig.longueur },
    }),
    [seesAllAgences, withLivraison, devise, dest.indicatif, dest.longueur, orig.indicatif, orig.longueur],
  );
  useEffect(() => {
    resolverRef.current = formResolver(colisWizardSchema(wizardContext));
  }, [resolverRef, wizardContext]);

  const missing = [
    envoiStepMissing(values, { seesAllAgences }),
    infoStepMissing(values, { prixNatures, loading: prixLoading, withLivraison, devise }),
    destinataireStepMissing(values, wizardContext),
  ];
  if (step === 0 && values.envoiID && !envoi && !envoisQuery.isPending) missing[0] = ['depart'];
  const labels = mode === 'create' ? 'steps_create' : 'steps_edit';
  const stepTitles = ['depart', 'colis', 'destinataire'].map((k) => translate(`resources.colis.wizard.${labels}.${k}`));
  const button = (k: 'previous' | 'next' | 'save') => translate(`resources.colis.wizard.${mode === 'edit' ? `${k}_edit` : k}`);
  const missingText = missing[step].length
    ? translate('resources.colis.wizard.missing', { items: missing[step].map((k) => translate(`resources.colis.missing.${k}`)).join(', ') })
    : '';

  /**
   * The departure can no longer take the parcel (closed, or filled meanwhile): back to step 1 with the departures
   * reloaded, the choice cleared (and forgotten), and the server's message above the cards.
   */
  const refuseDepart = (message: string) => {
    setValue('envoiID', null, { shouldDirty: true });
    try {
      if (globalThis.localStorage?.getItem(CHOSEN_ENVOI_KEY) === values.envoiID) globalThis.localStorage.removeItem(CHOSEN_ENVOI_KEY);
    } catch {
      // storage unavailable: nothing remembered
    }
    setDepartNotice(message);
    setStep(0);
    void reloadEnvois();
  };

  /**
   * The weight dialog closed (Fermer, or once the administrators were contacted): a departure now full or gone goes
   * back to step 1 (refuseDepart); one that still has room, to step 2, where its remaining weight shows.
   */
  const onPoidsClose = () => {
    const refusal = poidsRefusal;
    setPoidsRefusal(null);
    if (!refusal) return;
    const now = envois.find((d) => d.id === refusal.envoiId);
    if (!now || envoiIndisponible(now, { openIds, ownEnvoiId })) refuseDepart(refusal.message);
    else setStep(1);
  };

  /**
   * A refused save: the weight check dialog (the departures reloaded meanwhile), a departure closed meanwhile back to
   * step 1 (refuseDepart), else the server message or the generic failure text.
   */
  const onSaveError = (error: unknown) => {
    const status = (error as { status?: number })?.status;
    const errors = (error as { body?: { errors?: Record<string, string> } })?.body?.errors;
    const message = serverMessage(error);
    if (status === 409 && errors?.poids && message) {
      setPoidsRefusal({ message, envoiId: values.envoiID });
      void reloadEnvois();
    } else if (status === 409 && errors?.envoiID && message) {
      departRefused.current = true;
      refuseDepart(message);
    } else if ((status === 400 || status === 403 || status === 409) && message) {
      notify(message, { type: 'error' });
    } else {
      notify('resources.colis.notifications.create_error', { type: 'error' });
    }
  };

  /** A save the schema refuses: the wizard goes to the first step holding a field in error (its message shows there). */
  const onInvalid = (errors: Record<string, unknown>) => {
    const steps = Object.keys(errors)
      .map(stepOfField)
      .filter((s) => s >= 0);
    if (steps.length) setStep(Math.min(...steps));
  };

  /**
   * Saves through the Create / Edit controller, once the wizard's schema passes (the resolver: every step's rules); the
   * transform turns the form values into the colis/create body.
   */
  const submit = handleSubmit(async (current) => {
    if (!save) return;
    const transform = (data: Partial<ColisFormValues>) =>
      buildColisBody(
        {
          ...(data as ColisFormValues),
          destinataireIndicatif: data.destinataireIndicatif || dest.indicatif,
          expediteurIndicatif: data.expediteurIndicatif || orig.indicatif,
        },
        {
          seesAllAgences,
          modeEnvoi: envoi?.modeEnvoiID,
          withLivraison,
          devise,
          destinatairePays: dest,
          expediteurPays: orig,
        },
      );
    departRefused.current = false;
    const errors = await save(current, { transform, onError: onSaveError });
    // A departure refused is handled by refuseDepart (its 'Départ fermé' is not a field error to show).
    if (departRefused.current) return;
    const placed = wizardFieldErrors(errors as Record<string, unknown> | undefined);
    if (placed) {
      setStep(placed.step);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof ColisFormValues, { type: 'server', message });
      }
    }
  }, onInvalid);
  // One click, one save (docs/decisions/idempotent-writes.md "Browser"): from the click to the answer the button is
  // disabled (the form's submit runs until the save's answer), and a second click in the same tick is dropped.
  const submitOnce = useOneAtATime(submit);
  const { isSubmitting } = useFormState();
  const busy = saving || isSubmitting;

  return (
    <Box onKeyDown={blockEnter}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {stepTitles.map((title) => (
          <Step key={title}>
            <StepLabel>{title}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ minHeight: 240, outline: 'none' }} ref={stepRef} tabIndex={-1} data-testid="wizard-step">
        {step === 0 && (
          <StepEnvoi
            envois={envois}
            isPending={envoisQuery.isPending}
            error={envoisQuery.error}
            envoi={envoi}
            seesAllAgences={seesAllAgences}
            openIds={openIds}
            ownEnvoiId={ownEnvoiId}
            notice={departNotice}
          />
        )}
        {step === 1 && (
          <StepColisInfo
            envoi={envoi}
            prixNatures={prixNatures}
            prixLoading={prixLoading}
            montants={montants}
            modesLivraison={modesLivraison as Ref[]}
            withLivraison={withLivraison}
            dejaSurLeDepart={ownEnvoiId && values.envoiID === ownEnvoiId ? ownPoids : 0}
          />
        )}
        {step === 2 && <StepDestinataire envoi={envoi} />}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button variant="outlined" disabled={step === 0 || busy} onClick={() => setStep((s) => s - 1)}>
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
          <Button
            variant="contained"
            color="success"
            disabled={missing[2].length > 0 || busy}
            aria-busy={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void submitOnce()}
          >
            {busy ? translate('resources.colis.wizard.saving') : button('save')}
          </Button>
        )}
      </Box>
      <PoidsCheckDialog message={poidsRefusal?.message ?? null} envoiId={poidsRefusal?.envoiId} onClose={onPoidsClose} />
      <PrixNotFoundDialog
        message={prixError?.message ?? null}
        onClose={() => prixError && setDismissedPrixErrors((d) => [...d, prixError.key])}
      />
    </Box>
  );
};

/**
 * Takes ColisInputsProps; renders the wizard (inside the card of <Create> / <Edit>). The form's resolver reads the one
 * the body keeps for the current context; a field is checked once left, then at each change.
 */
export const ColisInputs = ({ mode, values }: ColisInputsProps) => {
  const resolverRef = useRef<Resolver<FieldValues>>(defaultResolver);
  const resolver = useMemo<Resolver<FieldValues>>(() => (data, context, options) => resolverRef.current(data, context, options), []);
  const ownPoids = mode === 'edit' ? poidsTotalSaisi(values.naturesColis) : 0;
  return (
    <CardContent>
      {/* Saved once, and not again once saved while the list loads (docs/decisions/idempotent-writes.md "Browser"). */}
      <OneSaveAtATime>
        <Form record={values} noValidate resolver={resolver} mode="onTouched">
          <WizardBody mode={mode} currentEnvoiId={values.envoiID} ownPoids={ownPoids} resolverRef={resolverRef} />
        </Form>
      </OneSaveAtATime>
    </CardContent>
  );
};
