/**
 * Pagination of every list with the spec's French table labels (spec 001 §2, 000 §9): 'Afficher N entrées',
 * 'Affichage de X à Y sur un total de Z entrées', buttons Premier / Précédent / pages / Suivant / Dernier.
 * react-admin's <Pagination> with our own page buttons.
 */
import { PaginationItem } from '@mui/material';
import { Pagination, PaginationActions, useTranslate, type PaginationActionsProps } from 'react-admin';

/** Page sizes offered; 10 is the default page size (DataTables' default, spec: "page size is the default"). */
const PAGE_SIZES = [10, 25, 50, 100];

const FirstLabel = () => <span>{useTranslate()('app.list.first')}</span>;
const LastLabel = () => <span>{useTranslate()('app.list.last')}</span>;
const PreviousLabel = () => <span>{useTranslate()('app.list.previous')}</span>;
const NextLabel = () => <span>{useTranslate()('app.list.next')}</span>;

/** Page buttons with text labels Premier, Précédent, Suivant, Dernier around the page numbers. */
const SpecPaginationActions = (props: PaginationActionsProps) => (
  <PaginationActions
    {...props}
    showFirstButton
    showLastButton
    renderItem={(item) => (
      <PaginationItem {...item} slots={{ first: FirstLabel, last: LastLabel, previous: PreviousLabel, next: NextLabel }} />
    )}
  />
);

/** The list pagination of the back-office (takes no props; reads the list context). */
export const ListPagination = () => {
  const translate = useTranslate();
  return (
    <Pagination
      actions={SpecPaginationActions}
      rowsPerPageOptions={PAGE_SIZES.map((value) => ({ value, label: translate('app.list.rows_option', { count: value }) }))}
    />
  );
};
