/**
 * Inputs of the agency add and edit forms (spec 001 §5 "Agency add: country, city, name, latitude, longitude required
 * (latitude and longitude numeric); phone typed without dial code, full phone = dial code + phone"; §4 only active
 * countries and cities, sorted by label): country → city cascade, name, coordinates, and the phone typed without dial
 * code with the country's indicatif in front, checked with the country's length by common/phone.ts (the server's rule)
 * and the full number shown under it and sent as telephoneComplet; the counter's opening hours and address (told in the
 * arrival notice: docs/decisions/release-code.md). A user bound to one agency edits its own agency but
 * not its place: country and city are read-only for it (they decide the parcels the agency sees; the server refuses
 * the move, common/autorisationRules.ts referenceWriteRefusal).
 */
import { useEffect } from 'react';
import { Box, InputAdornment } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberInput, TextInput, useGetOne, useTranslate } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { useSessionActor } from '../kit/useAppIdentity';
import { refId } from '../providers/records';
import { agenceTelephoneComplet } from './agenceRules';

const f = 'resources.agence.form';

/** The chosen country (dial code, length) read from the paysID field. */
function useChosenPays() {
  const paysId = refId(useWatch({ name: 'paysID' }));
  const { data } = useGetOne('pays', { id: paysId ?? '' }, { enabled: !!paysId });
  return paysId ? data : undefined;
}

/** Takes no props; returns the inputs on a two-column grid. */
export const AgenceInputs = () => {
  const translate = useTranslate();
  const actor = useSessionActor();
  // Its place is fixed for a user bound to one agency (referenceWriteRefusal 'agencePlace').
  const placeFixed = !actor.allAgences && !actor.isSuperadmin;
  const pays = useChosenPays();
  const telephone = useWatch({ name: 'telephone' });
  const { setValue } = useFormContext();
  const complet = agenceTelephoneComplet(telephone, pays);
  // The full number goes with the body as the spec's telephoneComplet (the server recomputes it with the same rule).
  useEffect(() => setValue('telephoneComplet', complet), [complet, setValue]);
  // The chosen country's phone rule, read by the form's schema (common/schemas/reference.ts agenceFormSchema).
  const indicatif = pays?.indicatif as string | undefined;
  const longueurNumero = pays?.longueurNumero as number | undefined;
  useEffect(
    () => setValue('paysTelephone', indicatif === undefined ? null : { indicatif, longueurNumero: longueurNumero ?? null }),
    [indicatif, longueurNumero, setValue],
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <ActiveReferenceSelect source="paysID" reference="pays" label="resources.agence.fields.paysID" isRequired readOnly={placeFixed} />
      <ActiveReferenceSelect
        source="villeID"
        reference="villes"
        label="resources.agence.fields.villeID"
        isRequired
        parentSource="paysID"
        parentHint={`${f}.pays_first`}
        readOnly={placeFixed}
      />
      <TextInput source="libelle" isRequired sx={{ gridColumn: { md: '1 / -1' } }} />
      <NumberInput source="latitude" step={0.000001} isRequired />
      <NumberInput source="longitude" step={0.000001} isRequired />
      <TextInput
        source="telephone"
        helperText={complet ? translate(`${f}.telephone_complet`, { phone: complet }) : `${f}.telephone_help`}
        slotProps={{
          input: {
            startAdornment: pays?.indicatif ? <InputAdornment position="start">{String(pays.indicatif)}</InputAdornment> : undefined,
          },
        }}
      />
      <TextInput source="horaires" helperText={`${f}.horaires_help`} />
      <TextInput source="adresse" helperText={`${f}.adresse_help`} multiline sx={{ gridColumn: { md: '1 / -1' } }} />
    </Box>
  );
};
