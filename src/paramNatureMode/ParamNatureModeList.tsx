/**
 * Unit prices list 'Prix Unitaire' (spec 001 §2 Unit prices): Libelle, Prix Unitaire (with the origin country's
 * currency), Groupe Nature Colis, Ville de départ, Ville destination, Mode d'Envoi, Status, Actions (only with
 * paramNatureModeUpdate or paramNatureDelete); filters by group and mode.
 */
import { DataTable, ReferenceInput, SelectInput, type RaRecord } from 'react-admin';
import { ReferenceListPage } from '../common/ReferenceListPage';
import { deviseOrigine, formatPrix } from './paramNatureModeRules';

/** Label of a populated reference ({libelle}) of the row. */
const libelleOf = (field: string) => (record: RaRecord) => (record[field] as { libelle?: string } | undefined)?.libelle ?? '--';

/** A select filter on a reference (active records), e.g. the group. */
const referenceFilter = (source: string, reference: string, emptyText: string) => (
  <ReferenceInput
    key={source}
    source={source}
    reference={reference}
    alwaysOn
    filter={{ isActive: true }}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={500}
  >
    <SelectInput
      label={`resources.paramNatureMode.fields.${source}`}
      optionText="libelle"
      size="small"
      sx={{ minWidth: 220 }}
      emptyText={emptyText}
    />
  </ReferenceInput>
);

const filters = [
  referenceFilter('groupeNatureColisID', 'groupeNatureColis', 'resources.paramNatureMode.filters.all_groupes'),
  referenceFilter('modeEnvoiID', 'modeEnvoi', 'resources.paramNatureMode.filters.all_modes'),
];

/** The unit prices list page (no props). */
const ParamNatureModeList = () => (
  <ReferenceListPage title="resources.paramNatureMode.page.list" createLabel="resources.paramNatureMode.action.add" filters={filters} wide>
    <DataTable.Col source="libelle" />
    <DataTable.Col
      source="prixUnitaire"
      render={(r: RaRecord) => formatPrix(r.prixUnitaire, deviseOrigine(r))}
      cellSx={() => ({ whiteSpace: 'nowrap' })}
    />
    <DataTable.Col source="groupeNatureColisID" render={libelleOf('groupeNatureColisID')} />
    <DataTable.Col source="villeOrigineID" render={libelleOf('villeOrigineID')} />
    <DataTable.Col source="villeDestinationID" render={libelleOf('villeDestinationID')} />
    <DataTable.Col source="modeEnvoiID" render={libelleOf('modeEnvoiID')} />
  </ReferenceListPage>
);

export default ParamNatureModeList;
