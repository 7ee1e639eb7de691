/**
 * Inputs of the unit-price add and edit forms (spec 001 §5 "Unit-price form: origin country and city, destination
 * country and city, nature group, sending mode, libelle, prixUnitaire (number, min 0) all required; the destination
 * country list excludes the origin country; libelle is composed automatically from nature, origin city, destination
 * city and sending mode unless typed manually; the currency shown comes from the origin country"), and the minimum
 * charge of a parcel line (montantMinimum, optional, an extension); both amounts in the origin country's currency, to
 * its minor unit (typed the French way, src/kit/MontantInput.tsx; the server rounds them). The two countries are form-only fields narrowing the
 * cities (the server keeps the cities and refuses two of one country).
 */
import { useEffect, useRef } from 'react';
import { Box, InputAdornment } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useGetOne, useTranslate } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { MontantInput } from '../kit/MontantInput';
import { refId } from '../providers/records';
import { nextLibelle, proposeLibelle } from './paramNatureModeRules';

const f = 'resources.paramNatureMode.form';
const fields = 'resources.paramNatureMode.fields';

/** The record chosen in a form field (its libelle, devise …), loaded once and cached by react-admin. */
function useChosen(resource: string, source: string): Record<string, unknown> | undefined {
  const id = refId(useWatch({ name: source }));
  const { data } = useGetOne(resource, { id: id ?? '' }, { enabled: !!id });
  return id && data && String(data.id) === id ? data : undefined;
}

/** Fills the libelle with the proposal of the chosen group, cities and mode while it is not typed by hand. */
function useProposedLibelle() {
  const groupe = useChosen('groupeNatureColis', 'groupeNatureColisID');
  const villeOrigine = useChosen('villes', 'villeOrigineID');
  const villeDestination = useChosen('villes', 'villeDestinationID');
  const mode = useChosen('modeEnvoi', 'modeEnvoiID');
  const proposal = proposeLibelle({
    groupe: groupe?.libelle as string | undefined,
    villeOrigine: villeOrigine?.libelle as string | undefined,
    villeDestination: villeDestination?.libelle as string | undefined,
    mode: mode?.libelle as string | undefined,
  });
  const { getValues, setValue } = useFormContext();
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const next = nextLibelle(getValues('libelle'), previous.current, proposal);
    if (next !== undefined) setValue('libelle', next, { shouldDirty: true, shouldValidate: true });
    if (proposal) previous.current = proposal;
  }, [proposal, getValues, setValue]);
}

/** Takes no props; returns the inputs on a two-column grid: route, group and mode, libelle and price, minimum charge. */
export const ParamNatureModeInputs = () => {
  const translate = useTranslate();
  useProposedLibelle();
  const devise = useChosen('pays', 'paysOrigineID')?.devise as string | undefined;
  const enDevise = {
    devise,
    slotProps: { input: { endAdornment: devise ? <InputAdornment position="end">{devise}</InputAdornment> : undefined } },
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 900 }}>
      <ActiveReferenceSelect source="paysOrigineID" reference="pays" label={`${fields}.paysOrigineID`} isRequired />
      <ActiveReferenceSelect
        source="villeOrigineID"
        reference="villes"
        label={`${fields}.villeOrigineID`}
        isRequired
        parentSource="paysOrigineID"
        parentFilter="paysID"
        parentHint={`${f}.pays_origine_first`}
      />
      <ActiveReferenceSelect
        source="paysDestinationID"
        reference="pays"
        label={`${fields}.paysDestinationID`}
        isRequired
        excludeSource="paysOrigineID"
      />
      <ActiveReferenceSelect
        source="villeDestinationID"
        reference="villes"
        label={`${fields}.villeDestinationID`}
        isRequired
        parentSource="paysDestinationID"
        parentFilter="paysID"
        parentHint={`${f}.pays_destination_first`}
      />
      <ActiveReferenceSelect
        source="groupeNatureColisID"
        reference="groupeNatureColis"
        label={`${fields}.groupeNatureColisID`}
        isRequired
      />
      <ActiveReferenceSelect source="modeEnvoiID" reference="modeEnvoi" label={`${fields}.modeEnvoiID`} isRequired />
      <TextInput source="libelle" isRequired helperText={`${f}.libelle_help`} />
      <MontantInput source="prixUnitaire" isRequired helperText={devise ? translate(`${f}.devise`, { devise }) : false} {...enDevise} />
      <MontantInput source="montantMinimum" helperText={`${f}.montant_minimum_help`} {...enDevise} />
    </Box>
  );
};
