/**
 * A select of another reference resource offering its active records only, sorted the French way (spec 001 §4 "Only
 * active countries, roles, type users and agencies are offered", §5 "Select options are sorted alphabetically by
 * libelle"; e.g. the country of a city, 001 §2 Add city). The server filters `isActive=true` and sorts by libelle; the
 * choices are sorted again with a French collator (the server's order ignores case and accents only roughly). On an
 * edit form the record's current value stays offered even when inactive (react-admin's ReferenceInput loads it).
 */
import { ReferenceInput, SelectInput, useChoicesContext, type Validator } from 'react-admin';
import { useMemo } from 'react';
import { sortByLibelle } from './choices';

/** Props of ActiveReferenceSelect. */
export interface ActiveReferenceSelectProps {
  /** Form field holding the id, e.g. 'paysID'. */
  source: string;
  /** The react-admin resource offered, e.g. 'pays'. */
  reference: string;
  /** Translation key of the label (default: the field's label of the resource in context). */
  label?: string;
  /** Validators of the select (e.g. required('…')). */
  validate?: Validator | Validator[];
  /** Greyed out and not editable (e.g. a parent fixed by the page). */
  disabled?: boolean;
  /** As a list filter: shown beside the search box (read by react-admin's filter form from the element's props). */
  alwaysOn?: boolean;
  /** Text of the empty choice (translation key), e.g. 'Tous les pays' for a filter. */
  emptyText?: string;
  /** MUI size of the select ('small' in a list's filter bar). */
  size?: 'small' | 'medium';
}

type SelectProps = Pick<ActiveReferenceSelectProps, 'label' | 'validate' | 'disabled' | 'emptyText' | 'size'>;

/** The SelectInput inside the ReferenceInput: the loaded choices sorted by libelle the French way. */
const FrenchSortedSelect = ({ label, validate, disabled, emptyText, size }: SelectProps) => {
  const { allChoices, source } = useChoicesContext();
  const choices = useMemo(() => sortByLibelle(allChoices ?? []), [allChoices]);
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      optionText="libelle"
      translateChoice={false}
      validate={validate}
      disabled={disabled}
      emptyText={emptyText}
      size={size}
      sx={size === 'small' ? { minWidth: 220 } : undefined}
    />
  );
};

/** Renders a ReferenceInput over the active records of `reference` (up to 500) with a French-sorted select. */
export const ActiveReferenceSelect = ({ source, reference, alwaysOn, ...select }: ActiveReferenceSelectProps) => (
  <ReferenceInput
    source={source}
    reference={reference}
    filter={{ isActive: true }}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={500}
    alwaysOn={alwaysOn}
  >
    <FrenchSortedSelect {...select} />
  </ReferenceInput>
);
