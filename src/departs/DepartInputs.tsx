/**
 * Inputs shared by AJOUTER DÉPART and MODIFIER DÉPART (spec 000 §2 Add departure, §5): sending mode, origin and
 * destination countries (only active ones, sorted by label; the destination list leaves out the chosen origin),
 * the three dates with today as minimum and the shipper's order clôture ≤ départ ≤ arrivée, contenu and poids (kg,
 * above 0). The form checks them with the schema of common/schemas/envoi.ts (departFormResolver); errors the server
 * sends per field show under the same inputs.
 */
import { useEffect, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ReferenceInput, SelectInput, TextInput, useChoicesContext, useRecordContext, useTranslate } from 'react-admin';
import { formatKg } from '../../common/format';
import { todayIso } from '../../common/dates';
import type { EnvoiDates } from '../../common/envoiRules';
import { envoiFormSchema } from '../../common/schemas/envoi';
import { DateInputFr } from '../kit/DateInputFr';
import { formResolver } from '../kit/formResolver';
import { PoidsInput } from '../kit/MontantInput';
import { refId } from '../providers/records';
import { DEPART_SAVED_DATES, excludeChoice, sortByLibelle } from './departRules';

const f = 'resources.depart.form';

/**
 * The resolver of the departure form: common/schemas/envoi.ts envoiFormSchema with today's date (Europe/Paris) at each
 * check and, on edit, the saved dates the form's record carries (departFormRecord), so an unchanged past date stays
 * valid as on the server. The values stay as typed (src/kit/formResolver.ts).
 * @param mode 'create' (AJOUTER DÉPART) or 'edit' (MODIFIER DÉPART)
 * @returns the resolver for ReferenceCreatePage / ReferenceEditPage
 */
export function departFormResolver(mode: 'create' | 'edit'): Resolver<FieldValues> {
  return (values, context, options) => {
    const initial = mode === 'edit' ? (values[DEPART_SAVED_DATES] as EnvoiDates | undefined) : undefined;
    return formResolver(envoiFormSchema({ mode, today: todayIso(), initial }))(values, context, options);
  };
}

/** Active records sorted by label: what the mode and country selects offer (spec 000 §2, §9); sorted again the French way below. */
const activeSorted = {
  filter: { isActive: true },
  sort: { field: 'libelle', order: 'ASC' as const },
  perPage: 500,
};

/**
 * Child of a ReferenceInput: its loaded choices sorted by label the French way, minus the value of the form field
 * `excludeField` when given (the destination leaves out the chosen origin, and is cleared when the user picks it as
 * origin). Takes the label of the select; shown as required (the schema requires every select).
 */
const SortedSelect = ({ label, excludeField }: { label: string; excludeField?: string }) => {
  const { allChoices, source } = useChoicesContext();
  const excluded = useWatch({ name: excludeField ?? source });
  const current = useWatch({ name: source });
  const { setValue } = useFormContext();
  useEffect(() => {
    if (excludeField && excluded && current && refId(excluded) === refId(current)) setValue(source, null, { shouldDirty: true });
  }, [excludeField, excluded, current, source, setValue]);
  const choices = useMemo(
    () => sortByLibelle(excludeField ? excludeChoice(allChoices ?? [], excluded) : (allChoices ?? [])),
    [allChoices, excludeField, excluded],
  );
  return <SelectInput source={source} label={label} choices={choices} optionText="libelle" translateChoice={false} isRequired />;
};

/** Edit only: the departure's reference and status, and the weight already registered (poids cannot go below it). */
const DepartIdentity = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(`${f}.identity`, {
          reference: record.reference ?? '',
          statut: (record.statutID as { libelle?: string } | undefined)?.libelle ?? '--',
        })}
      </Typography>
    </Box>
  );
};

/** Takes the form mode ('edit' also shows the departure and requires contenu); returns the inputs on a two-column grid. */
export const DepartInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const min = todayIso();
  const initial = mode === 'edit' ? record : undefined;
  const dateProps = (field: 'dateDebut' | 'dateArrive' | 'dateFin') => ({
    source: field,
    // The minimum is today, or the saved date on edit (an unchanged past date stays valid, as on the server).
    minDate: initial?.[field] && String(initial[field]) < min ? String(initial[field]).slice(0, 10) : min,
    helperText: `${f}.help_${field}`,
    isRequired: true,
  });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 960 }}>
      {mode === 'edit' && <DepartIdentity />}
      <ReferenceInput source="modeEnvoiID" reference="modeEnvoi" {...activeSorted}>
        <SortedSelect label="resources.depart.fields.modeEnvoiID" />
      </ReferenceInput>
      <ReferenceInput source="paysEmetteurID" reference="pays" {...activeSorted}>
        <SortedSelect label="resources.depart.fields.paysEmetteurID" />
      </ReferenceInput>
      <ReferenceInput source="paysID" reference="pays" {...activeSorted}>
        <SortedSelect label="resources.depart.fields.paysID" excludeField="paysEmetteurID" />
      </ReferenceInput>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1, mb: 0.5 }} data-testid="date-order">
        {translate(`${f}.date_order`)}
      </Typography>
      <DateInputFr {...dateProps('dateFin')} />
      <DateInputFr {...dateProps('dateDebut')} />
      <DateInputFr {...dateProps('dateArrive')} />
      <TextInput source="contenu" multiline minRows={2} sx={{ gridColumn: { md: 'span 2' } }} isRequired={mode === 'edit'} />
      <PoidsInput
        source="poids"
        isRequired
        helperText={
          mode === 'edit' && record && Number(record.poidsReel) > 0
            ? translate(`${f}.poids_reel`, { poids: formatKg(record.poidsReel as string) })
            : false
        }
      />
    </Box>
  );
};
