/**
 * The nature lines of INFO COLIS (spec 000 §2, §5 "Each nature weight: number, minimum 0, step 0.1, required"): for
 * each line a nature among those of the departure (natureColis/liste?envoieId=…), its weight, and the price the server
 * found for it on the route (prixExceptionnel if above 0, else the unit price — common/pricing.ts prixLigneOf) with the
 * line amount, in the departure's currency (the exceptional price as the server converted it, a unit price's minimum
 * charge applied). The rules of a line (a nature, a weight above 0) are the wizard's schema's (common/schemas/colis.ts).
 */
import { Box, Button, InputAdornment, Typography } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { ArrayInput, SelectInput, SimpleFormIterator, useSimpleFormIterator, useSimpleFormIteratorItem, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PoidsInput } from '../../kit/MontantInput';
import { computeColisMontants, prixLigneOf } from '../../../common/pricing';
import { formatMontant } from '../../../common/format';
import { poidsSaisi, type PrixNature } from '../model/wizardRules';

/** The price and amount of one line, read from the form and the prices found. */
const PrixLigne = ({
  prixNatures,
  loading,
  unitLabel,
  devise,
}: {
  prixNatures: Record<string, PrixNature | undefined>;
  loading: boolean;
  unitLabel: string;
  devise: string;
}) => {
  const translate = useTranslate();
  const { index } = useSimpleFormIteratorItem();
  const line = useWatch({ name: `naturesColis.${index}` }) as { natureColisID?: string; poids?: number } | undefined;
  const prix = line?.natureColisID ? prixNatures[line.natureColisID] : undefined;
  let text = '';
  if (line?.natureColisID && !prix) text = translate(loading ? 'resources.colis.info.prix_loading' : 'resources.colis.info.prix_missing');
  if (prix) {
    const unit = prixLigneOf(prix.prixExceptionnel, prix.prixUnitaire, devise);
    const poids = poidsSaisi(line?.poids);
    const total = poids === null ? 0 : computeColisMontants({ devise, lines: [{ poids, ...prix }] }).montant;
    text = `${formatMontant(unit, devise)} / ${unitLabel} → ${formatMontant(total, devise)}`;
  }
  return (
    <Box sx={{ minWidth: 200, alignSelf: 'center', pb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('resources.colis.info.prix')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="line-price">
        {text || '--'}
      </Typography>
    </Box>
  );
};

/** 'Ajouter une nature': adds an empty line. */
const AddNatureButton = () => {
  const translate = useTranslate();
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddCircleOutlineIcon />} onClick={() => add({ natureColisID: null, poids: null })}>
      {translate('resources.colis.info.add_nature')}
    </Button>
  );
};

/** Props of ColisNaturesInput. */
export interface ColisNaturesInputProps {
  natures: { id: string; libelle?: string | null }[];
  naturesPending: boolean;
  prixNatures: Record<string, PrixNature | undefined>;
  prixLoading: boolean;
  /** 'kg' or 'm³', shown after the weights. */
  unitLabel: string;
  /** The departure's currency (ISO 4217): the prices shown are in it. */
  devise: string;
}

/** Takes NatureLinesInputProps; edits the form's naturesColis array. */
export const ColisNaturesInput = ({ natures, naturesPending, prixNatures, prixLoading, unitLabel, devise }: ColisNaturesInputProps) => (
  <ArrayInput source="naturesColis" label="resources.colis.info.natures">
    <SimpleFormIterator inline disableReordering disableClear addButton={<AddNatureButton />}>
      <SelectInput
        source="natureColisID"
        label="resources.colis.info.nature"
        choices={natures}
        optionText="libelle"
        isPending={naturesPending}
        isRequired
        fullWidth={false}
        sx={{ minWidth: 260 }}
      />
      <PoidsInput
        source="poids"
        label="resources.colis.info.poids"
        isRequired
        fullWidth={false}
        sx={{ width: 150 }}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">{unitLabel}</InputAdornment> } }}
        helperText={false}
      />
      <PrixLigne prixNatures={prixNatures} loading={prixLoading} unitLabel={unitLabel} devise={devise} />
    </SimpleFormIterator>
  </ArrayInput>
);
