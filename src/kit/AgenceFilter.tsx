/**
 * The agency filter of the lists a role that sees every agency reads across agencies (spec 001 §1 "The role code ADMIN
 * sees all agencies (agency filter on dashboard, collections and stock lists); other roles see only their own
 * agency", 000 §6 parcel list filter): a select of the agencies sorted by label, the empty choice meaning every agency;
 * its value is sent as the list's filter `source` (default agenceID). Other roles get no filter: the server scopes
 * their rows to their agency anyway.
 */
import type { ReactElement } from 'react';
import { ReferenceInput, SelectInput } from 'react-admin';
import { userSeesAllAgences } from '../../common/scopes';
import { useAppIdentity } from './useAppIdentity';

/** Props of AgenceFilter: the filter field and its texts (translation keys of the list's resource). */
export interface AgenceFilterProps {
  /** Filter field sent to the list call (default 'agenceID'). */
  source?: string;
  /** Label of the select, e.g. 'resources.colis.filters.agence' ('Agence'). */
  label: string;
  /** Text of the empty choice, e.g. 'resources.colis.filters.all_agencies' ('Toutes les agences'). */
  emptyText: string;
  alwaysOn?: boolean;
}

/** A select of every agency (inactive ones too: past records keep their agency), by label. */
const AgenceFilter = ({ source = 'agenceID', label, emptyText, alwaysOn }: AgenceFilterProps) => (
  <ReferenceInput source={source} alwaysOn={alwaysOn} reference="agence" sort={{ field: 'libelle', order: 'ASC' }} perPage={200}>
    <SelectInput optionText="libelle" label={label} emptyText={emptyText} size="small" sx={{ minWidth: 220 }} />
  </ReferenceInput>
);

/**
 * Returns the list filters holding the agency filter (always shown) for a user who sees every agency, else none:
 * spread it into ReferenceListPage's `filters`.
 */
export function useAdminAgenceFilter(props: Omit<AgenceFilterProps, 'alwaysOn'>): ReactElement[] {
  const identity = useAppIdentity();
  if (!userSeesAllAgences(identity)) return [];
  return [<AgenceFilter key={props.source ?? 'agenceID'} {...props} alwaysOn />];
}
