/**
 * Unit prices list 'Prix Unitaire' (spec 001 §2 Unit prices): Libelle, Prix Unitaire (with the origin country's
 * currency), Montant minimum (an extension: the least a parcel line is billed, same currency, '--' when none), Groupe
 * Nature Colis, Ville de départ, Ville destination, Mode d'Envoi, Status, Actions (only with paramNatureModeUpdate or
 * paramNatureDelete); filters by group and mode.
 */
import { DataTable, type RaRecord } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { libelleOf } from '../providers/records';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { deviseOrigine, formatPrix } from './paramNatureModeRules';

/** A select filter on a reference (active records), e.g. the group. */
const referenceFilter = (source: string, reference: string, emptyText: string) => (
  <ActiveReferenceSelect
    key={source}
    source={source}
    reference={reference}
    label={`resources.paramNatureMode.fields.${source}`}
    emptyText={emptyText}
    size="small"
    alwaysOn
  />
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
    <DataTable.Col
      source="montantMinimum"
      render={(r: RaRecord) => formatPrix(r.montantMinimum, deviseOrigine(r))}
      cellSx={() => ({ whiteSpace: 'nowrap' })}
    />
    <DataTable.Col source="groupeNatureColisID" render={libelleOf('groupeNatureColisID')} />
    <DataTable.Col source="villeOrigineID" render={libelleOf('villeOrigineID')} />
    <DataTable.Col source="villeDestinationID" render={libelleOf('villeDestinationID')} />
    <DataTable.Col source="modeEnvoiID" render={libelleOf('modeEnvoiID')} />
  </ReferenceListPage>
);

export default ParamNatureModeList;
