/**
 * How the counter identifies the person who takes a parcel (docs/decisions/release-proof.md), inside the hand-over
 * dialog's form: 'Code de retrait' (the six digits the recipient received), 'Pièce d'identité' (the recipient's
 * document: type and number) or 'Mandataire' (a proxy authorised beforehand, from dataProvider.getMandataires, with
 * the document they were authorised with). The form's schema (common/schemas/encaissement.ts finishFormSchema) checks
 * what the choice needs.
 */
import { useQuery } from '@tanstack/react-query';
import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { RadioButtonGroupInput, SelectInput, TextInput, useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { PIECE_TYPES } from '../../../common/remiseRules';
import type { ColisMethods } from '../model/colisMethods';

const k = (key: string) => `resources.colis.release.${key}`;

/** The document types as a select's choices. */
const PIECE_CHOICES = Object.entries(PIECE_TYPES).map(([id, name]) => ({ id, name }));

/** Takes the parcel's id (its proxies are read when 'Mandataire' is chosen). */
export const IdentificationInputs = ({ colisId }: { colisId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const identification = useWatch({ name: 'identification' }) as string | undefined;
  const mandataires = useQuery({
    queryKey: ['colis', 'mandataires', colisId],
    queryFn: ({ signal }) => dataProvider.getMandataires(colisId, { signal }),
    enabled: identification === 'mandataire',
    retry: false,
  });
  const choices = (mandataires.data ?? []).map((m) => ({
    id: m.id,
    name: `${[m.nom, m.prenoms].filter(Boolean).join(' ')} — ${PIECE_TYPES[m.pieceType as keyof typeof PIECE_TYPES] ?? m.pieceType} …${m.pieceDernier4}`,
  }));
  return (
    <Box sx={{ mt: 2 }}>
      <RadioButtonGroupInput
        source="identification"
        label={k('identification')}
        choices={[
          { id: 'code', name: k('by_code') },
          { id: 'piece', name: k('by_piece') },
          { id: 'mandataire', name: k('by_mandataire') },
        ]}
        row
        helperText={false}
      />
      {identification === 'code' || !identification ? (
        <TextInput
          source="codeRetrait"
          label="resources.colis.fields.codeRetrait"
          helperText={k('code_help')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
      ) : (
        <>
          {identification === 'mandataire' && (
            <SelectInput
              source="mandataireID"
              label={k('mandataire')}
              choices={choices}
              isLoading={mandataires.isPending}
              emptyText={k('mandataire_choose')}
              helperText={mandataires.data && choices.length === 0 ? translate(k('no_mandataire')) : false}
              fullWidth
            />
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <SelectInput source="pieceType" label={k('piece_type')} choices={PIECE_CHOICES} helperText={false} />
            <TextInput source="pieceNumero" label={k('piece_numero')} helperText={k('piece_help')} autoComplete="off" />
          </Box>
        </>
      )}
    </Box>
  );
};
