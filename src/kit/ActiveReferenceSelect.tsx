/**
 * The one select of a reference field, in forms and in list filters (spec 001 §4 "Only active countries, roles, type
 * users and agencies are offered", §5 "Select options are sorted alphabetically by libelle", "the destination country
 * list excludes the origin country", Agency add "country, city", Unit-price form "origin country and city, destination
 * country and city"; e.g. the country of a city, 001 §2 Add city): a react-admin ReferenceInput offering the active
 * records of `reference` only (up to 500). The server filters `isActive=true` and sorts by libelle; the choices are
 * sorted again with a French collator (the server's order ignores case and accents only roughly). On an edit form the
 * record's current value stays offered even when inactive (react-admin's ReferenceInput loads it).
 *
 * Optional behaviours:
 * - a cascade (`parentSource`): the choices are the records of the parent chosen in another field (the cities of the
 *   chosen country); while no parent is chosen the select is empty with a hint; when the parent changes the value is
 *   cleared (not on the first render, so an edit form keeps its loaded value);
 * - an exclusion (`excludeSource`): the value of another field is left out of the choices, and the value is cleared
 *   when it becomes that one (the destination country is not the origin country);
 * - `readOnly` shows the value without letting it change (the group of a nature reached from its group): still sent
 *   and still validated, unlike `disabled` (greyed out, react-admin drops it from validation);
 * - as a list filter: `alwaysOn` (shown beside the search box), `emptyText` (the "every record" choice) and
 *   `size="small"` (220 px wide in the filter bar).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ReferenceInput, SelectInput, useChoicesContext } from 'react-admin';
import { excludeChoice, sortByLibelle } from './choices';
import { refId } from '../providers/records';

/** Props of ActiveReferenceSelect. */
export interface ActiveReferenceSelectProps {
  /** Form field holding the chosen record's id, e.g. 'villeID'. */
  source: string;
  /** react-admin resource of the choices, e.g. 'villes'. */
  reference: string;
  /** Translation key of the label (default: the field's label of the resource in context). */
  label?: string;
  /** Shows the required mark when the form's schema (resolver) requires the field, as react-admin's inputs' `isRequired`. */
  isRequired?: boolean;
  /** Cascade: the form field whose chosen record narrows the choices, e.g. 'paysID' for the cities of a country. */
  parentSource?: string;
  /** Name of the list filter the parent's id is sent as (default `parentSource`). */
  parentFilter?: string;
  /** Helper text while the parent is not chosen (translation key). */
  parentHint?: string;
  /** Form field whose chosen value is left out of the choices (and cleared from this field when picked there). */
  excludeSource?: string;
  /** Shows the value without letting it change; the value is still sent and validated. */
  readOnly?: boolean;
  /** Greyed out and not editable (react-admin's `disabled`). */
  disabled?: boolean;
  /** Helper text (translation key) or false. */
  helperText?: string | false;
  /** As a list filter: shown beside the search box (read by react-admin's filter form from the element's props). */
  alwaysOn?: boolean;
  /** Text of the empty choice (translation key), e.g. 'Tous les pays' for a filter. */
  emptyText?: string;
  /** MUI size of the select ('small' in a list's filter bar, then 220 px wide). */
  size?: 'small' | 'medium';
}

type ChoicesProps = Omit<ActiveReferenceSelectProps, 'source' | 'reference' | 'alwaysOn' | 'parentSource' | 'parentFilter' | 'parentHint'>;

/** Active records sorted by label (the server sorts the French way; the choices are sorted again on the client). */
const ACTIVE_SORTED = { sort: { field: 'libelle', order: 'ASC' as const }, perPage: 500 };

/** Width of the select in a list's filter bar. */
const smallSx = (size: ActiveReferenceSelectProps['size']) => (size === 'small' ? { minWidth: 220 } : undefined);

/** Clears `source` when the watched value changes after the first render (a new parent, an excluded value picked). */
function useClearWhen(source: string, value: string | undefined, enabled: boolean) {
  const { setValue, getValues } = useFormContext();
  const previous = useRef(value);
  useEffect(() => {
    if (!enabled || previous.current === value) return;
    previous.current = value;
    if (getValues(source) != null && getValues(source) !== '') setValue(source, null, { shouldDirty: true, shouldValidate: false });
  }, [enabled, value, source, setValue, getValues]);
}

/** The SelectInput inside the ReferenceInput: the loaded choices sorted the French way, minus the excluded value. */
const SortedChoices = ({ label, isRequired, excludeSource, readOnly, disabled, helperText, emptyText, size }: ChoicesProps) => {
  const { allChoices, source } = useChoicesContext();
  const excluded = refId(useWatch({ name: excludeSource ?? '__none__' }));
  const current = refId(useWatch({ name: source }));
  const { setValue } = useFormContext();
  useEffect(() => {
    if (excludeSource && excluded && current === excluded) setValue(source, null, { shouldDirty: true });
  }, [excludeSource, excluded, current, source, setValue]);
  const choices = useMemo(
    () => sortByLibelle(excludeSource ? excludeChoice(allChoices ?? [], excluded) : (allChoices ?? [])),
    [allChoices, excludeSource, excluded],
  );
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      optionText="libelle"
      translateChoice={false}
      isRequired={isRequired}
      readOnly={readOnly}
      disabled={disabled}
      helperText={helperText}
      emptyText={emptyText}
      size={size}
      sx={smallSx(size)}
    />
  );
};

/** Renders the select of a reference field (takes ActiveReferenceSelectProps); see the file comment for the options. */
export const ActiveReferenceSelect = ({
  source,
  reference,
  alwaysOn,
  parentSource,
  parentFilter,
  parentHint,
  ...choices
}: ActiveReferenceSelectProps) => {
  const parentId = refId(useWatch({ name: parentSource ?? '__none__' }));
  useClearWhen(source, parentId, !!parentSource);
  if (parentSource && !parentId) {
    // No parent yet: an empty select saying what to choose first (still validated by the form's schema, so its message shows on save).
    const { label, isRequired, helperText, size } = choices;
    return (
      <SelectInput
        source={source}
        label={label}
        choices={[]}
        isRequired={isRequired}
        readOnly
        helperText={parentHint ?? helperText}
        size={size}
        sx={smallSx(size)}
      />
    );
  }
  const filter = { isActive: true, ...(parentSource && parentId ? { [parentFilter ?? parentSource]: parentId } : {}) };
  return (
    <ReferenceInput key={parentId ?? 'all'} source={source} reference={reference} filter={filter} alwaysOn={alwaysOn} {...ACTIVE_SORTED}>
      <SortedChoices {...choices} />
    </ReferenceInput>
  );
};
