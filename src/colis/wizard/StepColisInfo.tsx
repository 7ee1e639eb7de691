/**
 * Step 2 of the parcel wizard — INFO COLIS (spec 000 §2, §5, §9): content (detailsContenu), destination city of the
 * departure's destination country, nature lines with weights and their prices, unit KG/M3 (air mode forces and locks
 * KG), complementary and expedition amounts (min 0), delivery mode with its amount and address unless it is the agency
 * pick-up ('Récupération en Agence '), observation, the advance (reglement clamped to [0, total]) with payment mode and
 * payer enabled only above 0 (default payer expediteur), and the live summary. Amounts are in the departure's currency
 * (its symbol after them; typed the French way, src/kit/MontantInput.tsx). The fields' rules and messages are the wizard's schema's
 * (common/schemas/colis.ts, checked by the form's resolver): the inputs carry no `validate`. Under the nature lines,
 * the chosen departure's remaining weight, live, with a warning above it (PoidsRestantAlert).
 */
import { Box, Divider, InputAdornment, Typography } from '@mui/material';
import { RadioButtonGroupInput, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PAYMENT_BY_CHOICES } from '../../../common/colisRules';
import { type ColisMontants } from '../../../common/pricing';
import { isModeEnvoiAerien } from '../../../common/modes';
import { MontantInput } from '../../kit/MontantInput';
import { useModesPaiement } from '../../encaissements/useModesPaiement';
import { deviseDuDepart, hasAdvance, symboleDevise, type PrixNature } from '../model/wizardRules';
import type { Envoi, Ref } from '../model/types';
import { MontantSummary } from './MontantSummary';
import { ColisNaturesInput } from './ColisNaturesInput';
import { ReglementInput } from './ReglementInput';
import { PoidsRestantAlert } from './PoidsRestantAlert';
import { useVilles } from './useWizardData';

/** Props of StepColisInfo. */
export interface StepColisInfoProps {
  envoi?: Envoi;
  prixNatures: Record<string, PrixNature | undefined>;
  prixLoading: boolean;
  montants: ColisMontants;
  /** Active delivery modes, by label. */
  modesLivraison: Ref[];
  /** false when the chosen delivery mode is the agency pick-up. */
  withLivraison: boolean;
  /** kg the parcel already holds on the chosen departure (edit of a parcel staying on it), else 0. */
  dejaSurLeDepart?: number;
}

/** A titled block of the step. */
const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="subtitle2" color="primary" sx={{ mb: 1, textTransform: 'uppercase' }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** A responsive grid of inputs: one column on phones, `columns` from md up. */
const grid = (columns: number) =>
  ({
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
    columnGap: 2,
    alignItems: 'start',
  }) as const;

/** Takes StepColisInfoProps; edits the form's step-2 values. */
export const StepColisInfo = ({
  envoi,
  prixNatures,
  prixLoading,
  montants,
  modesLivraison,
  withLivraison,
  dejaSurLeDepart = 0,
}: StepColisInfoProps) => {
  const translate = useTranslate();
  const t = (key: string) => `resources.colis.info.${key}`;
  const air = isModeEnvoiAerien(envoi?.modeEnvoiID);
  const unite = (useWatch({ name: 'unite' }) as string) || 'KG';
  const reglement = useWatch({ name: 'reglement' });
  const villes = useVilles(envoi?.paysID?.id);
  const natures = useGetList(
    'natureColis',
    {
      filter: { envoieId: envoi?.id },
      sort: { field: 'libelle', order: 'ASC' },
      pagination: { page: 1, perPage: 500 },
    },
    { enabled: !!envoi?.id },
  );
  const { modes: modesPaiement } = useModesPaiement();
  const unitLabel = unite === 'M3' ? 'm³' : 'kg';
  const devise = deviseDuDepart(envoi, prixNatures);
  const advance = hasAdvance({ reglement }, devise);
  // The amount inputs: in the departure's currency, typed the French way (docs/decisions/money-input.md).
  const montantProps = {
    devise,
    slotProps: { input: { endAdornment: <InputAdornment position="end">{symboleDevise(devise)}</InputAdornment> } },
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' }, gap: 3 }}>
      <Box>
        <Section title={translate('resources.colis.info.detailsContenu')}>
          <Box sx={grid(2)}>
            <TextInput source="detailsContenu" label={t('detailsContenu')} isRequired />
            <SelectInput
              source="villeID"
              label={t('villeID')}
              choices={villes.data ?? []}
              optionText="libelle"
              isPending={villes.isPending && !!envoi?.paysID?.id}
              isRequired
            />
          </Box>
        </Section>
        <Section title={translate('resources.colis.info.natures')}>
          <ColisNaturesInput
            natures={(natures.data ?? []) as { id: string; libelle?: string }[]}
            naturesPending={natures.isPending}
            prixNatures={prixNatures}
            prixLoading={prixLoading}
            unitLabel={unitLabel}
            devise={devise}
          />
          <PoidsRestantAlert envoi={envoi} dejaSurLeDepart={dejaSurLeDepart} />
          <SelectInput
            source="unite"
            label={t('unite')}
            choices={[
              { id: 'KG', name: 'KG' },
              { id: 'M3', name: 'M3' },
            ]}
            disabled={air}
            isRequired
            helperText={air ? translate('resources.colis.info.unite_locked') : ' '}
            fullWidth={false}
            sx={{ width: 260 }}
          />
        </Section>
        <Divider sx={{ mb: 2 }} />
        <Section title={translate('resources.colis.info.modeLivraisonID')}>
          <Box sx={grid(3)}>
            <SelectInput source="modeLivraisonID" label={t('modeLivraisonID')} choices={modesLivraison} optionText="libelle" isRequired />
            <MontantInput source="montantComplementaire" label={t('montantComplementaire')} {...montantProps} />
            <MontantInput source="montantExpedition" label={t('montantExpedition')} {...montantProps} />
          </Box>
          {withLivraison && (
            <Box sx={grid(3)}>
              <MontantInput source="montantLivraison" label={t('montantLivraison')} {...montantProps} />
              <Box sx={{ gridColumn: { md: 'span 2' } }}>
                <TextInput source="adresseLivraison" label={t('adresseLivraison')} />
              </Box>
            </Box>
          )}
          <TextInput source="observation" label={t('observation')} multiline minRows={2} fullWidth />
        </Section>
        <Divider sx={{ mb: 2 }} />
        <Section title={translate('resources.colis.info.reglement')}>
          <Box sx={grid(3)}>
            <ReglementInput total={montants.montantTotal} devise={devise} />
            <SelectInput
              source="modePaiementID"
              label={t('modePaiementID')}
              choices={modesPaiement}
              optionText="libelle"
              disabled={!advance}
              isRequired={advance}
            />
            <RadioButtonGroupInput
              source="paymentby"
              label={t('paymentby')}
              disabled={!advance}
              choices={PAYMENT_BY_CHOICES.map((id) => ({ id, name: translate(`resources.colis.info.${id}`) }))}
            />
          </Box>
        </Section>
      </Box>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 }, alignSelf: 'start' }}>
        <MontantSummary montants={montants} unite={unite} devise={devise} />
      </Box>
    </Box>
  );
};
